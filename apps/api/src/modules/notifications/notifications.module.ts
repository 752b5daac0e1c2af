import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Message } from './entities/message.entity';
import { MessagesRepository } from './messages.repository';
import { NotificationsController } from './notifications.controller';
import { NotificationsGateway } from './notifications.gateway';
import { NotificationsService } from './notifications.service';

/** In-product messages and their live push; other modules send through NotificationsService. */
@Module({
  imports: [TypeOrmModule.forFeature([Message])],
  controllers: [NotificationsController],
  providers: [NotificationsService, MessagesRepository, NotificationsGateway],
  exports: [NotificationsService],
})
export class NotificationsModule {}
