import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { DevOutbox } from './dev-outbox.service';

export interface Mail {
  /** Null for an account that has no address (made by a phone number or WeChat): nothing is sent. */
  to: string | null;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

/**
 * Mail goes out in two steps: a request puts it on the `mail` queue (`send`), and the worker delivers it
 * (`deliver`) through SMTP_URL, or into the development outbox (DEV_OUTBOX=true), retrying with backoff. So no
 * request waits for SMTP, and a known address is answered as fast as an unknown one.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: Transporter;

  constructor(
    private readonly config: AppConfig,
    private readonly outbox: DevOutbox,
    @InjectQueue(QueueName.mail) private readonly queue: Queue<Mail>,
  ) {
    if (config.smtpUrl) this.transport = createTransport(config.smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    if (mail.to) await this.queue.add(JobName.sendMail, mail);
  }

  async deliver(mail: Mail): Promise<void> {
    if (!mail.to) return;
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail, to: mail.to });
      return;
    }
    if (!this.config.devOutbox) {
      this.logger.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is unset');
      return;
    }
    await this.outbox.keep(mail);
    this.logger.log({ to: mail.to, subject: mail.subject }, 'mail kept in the development outbox');
  }
}
