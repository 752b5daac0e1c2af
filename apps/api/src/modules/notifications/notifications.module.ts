import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailPreference } from './entities/mail-preference.entity';
import { Message } from './entities/message.entity';
import { MailPreferencesController } from './mail-preferences.controller';
import { MailPreferencesRepository } from './mail-preferences.repository';
import { MessagesRepository } from './messages.repository';
import { NotificationMailer } from './notification-mailer.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsGateway } from './notifications.gateway';
import { NotificationsService } from './notifications.service';
import { UnsubscribeTokens } from './unsubscribe-tokens.service';

/** In-product messages, their live push and their mails; other modules send through NotificationsService. */
@Module({
  imports: [TypeOrmModule.forFeature([Message, MailPreference])],
  controllers: [NotificationsController, MailPreferencesController],
  providers: [
    NotificationsService,
    MessagesRepository,
    NotificationsGateway,
    NotificationMailer,
    MailPreferencesRepository,
    UnsubscribeTokens,
  ],
  exports: [NotificationsService],
})
export class NotificationsModule {}
