import { Process, Processor } from '@nestjs/bull';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Job } from 'bull';
import { MailService, type Mail } from './mail.service';

/** Delivers queued mail in the worker; a failure is retried with the queue's backoff, then kept for support. */
@Processor(QueueName.mail)
export class MailProcessor {
  constructor(private readonly mail: MailService) {}

  @Process(JobName.sendMail)
  async send(job: Job<Mail>): Promise<void> {
    await this.mail.deliver(job.data);
  }
}
