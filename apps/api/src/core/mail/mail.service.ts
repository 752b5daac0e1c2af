import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.provider';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export interface OutboxEntry extends Mail {
  sentAt: string;
}

const OUTBOX_KEY = 'dev:outbox';
const OUTBOX_SIZE = 200;

/** Sends mail through SMTP_URL, or keeps it in the development outbox when no SMTP server is configured. */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: Transporter;

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    if (config.smtpUrl) this.transport = createTransport(config.smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
      return;
    }
    const entry: OutboxEntry = { ...mail, sentAt: new Date().toISOString() };
    await this.redis
      .multi()
      .lpush(OUTBOX_KEY, JSON.stringify(entry))
      .ltrim(OUTBOX_KEY, 0, OUTBOX_SIZE - 1)
      .exec();
    this.logger.log(
      { to: mail.to, subject: mail.subject },
      'mail kept in the development outbox (SMTP_URL unset)',
    );
  }

  /** Newest first; optionally only the mails to one address. */
  async outbox(to?: string): Promise<OutboxEntry[]> {
    const entries = (await this.redis.lrange(OUTBOX_KEY, 0, -1)).map((raw) => JSON.parse(raw) as OutboxEntry);
    return to ? entries.filter((e) => e.to.toLowerCase() === to.toLowerCase()) : entries;
  }
}
