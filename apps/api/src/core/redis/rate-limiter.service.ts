import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppError } from '../errors/app-error';
import { REDIS } from './redis.provider';

export interface Limit {
  /** Redis key (below the app prefix) of the counter. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Fixed-window counters in Redis, shared by every API replica. */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one hit against each limit; throws 429 when any of them is exceeded. */
  async hit(...limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const key = `rl:${limit.key}`;
      const replies = await this.redis
        .multi()
        .incr(key)
        .expire(key, limit.windowSeconds, 'NX')
        .ttl(key)
        .exec();
      const count = Number(replies?.[0]?.[1]);
      const ttl = Number(replies?.[2]?.[1]);
      if (count > limit.max) throw AppError.tooManyRequests(ttl > 0 ? ttl : limit.windowSeconds);
    }
  }

  /** Throws 429 while any limit is already reached, without counting (e.g. refuse logins after failures). */
  async assertUnder(...limits: Limit[]): Promise<void> {
    const counts = await this.redis.mget(limits.map((l) => `rl:${l.key}`));
    for (const [i, value] of counts.entries()) {
      if (Number(value ?? 0) >= limits[i].max) {
        const ttl = await this.redis.ttl(`rl:${limits[i].key}`);
        throw AppError.tooManyRequests(ttl > 0 ? ttl : limits[i].windowSeconds);
      }
    }
  }

  /** Counts without refusing (failures are counted after the fact). */
  async record(...limits: Limit[]): Promise<void> {
    const multi = this.redis.multi();
    for (const l of limits) multi.incr(`rl:${l.key}`).expire(`rl:${l.key}`, l.windowSeconds, 'NX');
    await multi.exec();
  }

  /** Takes a once-per-window slot; false when it was already taken (e.g. resend spacing). */
  async takeSlot(key: string, windowSeconds: number): Promise<boolean> {
    return (await this.redis.set(`slot:${key}`, '1', 'EX', windowSeconds, 'NX')) === 'OK';
  }
}
