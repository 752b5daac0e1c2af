import { Global, Module } from '@nestjs/common';
import { DevOutboxController } from './dev-outbox.controller';
import { MailService } from './mail.service';

@Global()
@Module({ controllers: [DevOutboxController], providers: [MailService], exports: [MailService] })
export class MailModule {}
