import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.provider';
import type { Mail } from './mail.service';

export interface OutboxEntry extends Mail {
  sentAt: string;
}

const OUTBOX_KEY = 'dev:outbox';
const OUTBOX_SIZE = 200;

/**
 * What development keeps instead of sending (DEV_OUTBOX=true): mails, and texts to phone numbers (their `to` the
 * number), newest first, served to this machine at /api/dev/outbox.
 */
@Injectable()
export class DevOutbox {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async keep(message: Mail): Promise<void> {
    const entry: OutboxEntry = { ...message, sentAt: new Date().toISOString() };
    await this.redis
      .multi()
      .lpush(OUTBOX_KEY, JSON.stringify(entry))
      .ltrim(OUTBOX_KEY, 0, OUTBOX_SIZE - 1)
      .exec();
  }

  /** Newest first; optionally only those to one address or number. */
  async list(to?: string): Promise<OutboxEntry[]> {
    const entries = (await this.redis.lrange(OUTBOX_KEY, 0, -1)).map((raw) => JSON.parse(raw) as OutboxEntry);
    return to ? entries.filter((e) => e.to?.toLowerCase() === to.toLowerCase()) : entries;
  }
}
