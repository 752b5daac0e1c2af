import { Module } from '@nestjs/common';
import { Process, Processor } from '@nestjs/bull';
import { JobName, QueueName, type AccountMailJob } from '@think-tank/contracts';
import type { Job } from 'bull';
import { AuthModule } from './auth.module';
import { AuthService } from './auth.service';

/** Resend and forgot-password mails, prepared and sent in the worker (the request only queued them). */
@Processor(QueueName.mail)
export class AccountMailProcessor {
  constructor(private readonly auth: AuthService) {}

  @Process(JobName.accountMail)
  async send(job: Job<AccountMailJob>): Promise<void> {
    await this.auth.sendAccountMail(job.data);
  }
}

/** Auth's jobs, processed by the worker entry point only. */
@Module({ imports: [AuthModule], providers: [AccountMailProcessor] })
export class AuthJobsModule {}
