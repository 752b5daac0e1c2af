import { Global, Module } from '@nestjs/common';
import { DevOutbox } from './dev-outbox.service';
import { DevOutboxController } from './dev-outbox.controller';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';

@Global()
@Module({
  controllers: [DevOutboxController],
  providers: [MailService, DevOutbox],
  exports: [MailService, DevOutbox],
})
export class MailModule {}

/** The worker's half: delivering what the `mail` queue holds. */
@Module({ providers: [MailProcessor] })
export class MailWorkerModule {}
