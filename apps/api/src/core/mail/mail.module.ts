import { Global, Module } from '@nestjs/common';
import { DevOutboxController } from './dev-outbox.controller';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';

@Global()
@Module({ controllers: [DevOutboxController], providers: [MailService], exports: [MailService] })
export class MailModule {}

/** The worker's half: delivering what the `mail` queue holds. */
@Module({ providers: [MailProcessor] })
export class MailWorkerModule {}
