import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import type Redis from 'ioredis';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.provider';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}
export interface OutboxEntry extends Mail {
  sentAt: string;
}

const OUTBOX_KEY = 'dev:outbox';
const OUTBOX_SIZE = 200;

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
    @Inject(REDIS) private readonly redis: Redis,
    @InjectQueue(QueueName.mail) private readonly queue: Queue<Mail>,
  ) {
    if (config.smtpUrl) this.transport = createTransport(config.smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.queue.add(JobName.sendMail, mail);
  }

  async deliver(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      return;
    }
    if (!this.config.devOutbox) {
      this.logger.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is unset');
      return;
    }
    const entry: OutboxEntry = { ...mail, sentAt: new Date().toISOString() };
    await this.redis
      .multi()
      .lpush(OUTBOX_KEY, JSON.stringify(entry))
      .ltrim(OUTBOX_KEY, 0, OUTBOX_SIZE - 1)
      .exec();
    this.logger.log({ to: mail.to, subject: mail.subject }, 'mail kept in the development outbox');
  }

  /** Newest first; optionally only the mails to one address. */
  async outbox(to?: string): Promise<OutboxEntry[]> {
    const entries = (await this.redis.lrange(OUTBOX_KEY, 0, -1)).map((raw) => JSON.parse(raw) as OutboxEntry);
    return to ? entries.filter((e) => e.to.toLowerCase() === to.toLowerCase()) : entries;
  }
}
