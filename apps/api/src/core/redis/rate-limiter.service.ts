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

/**
 * Takes one attempt from every counter, or none: when any counter is spent it answers that counter's seconds to
 * wait (at least 1) and its position (1-based), counting nothing; otherwise {0, 0}. One script, so concurrent
 * requests cannot all pass a check made before any of them counted.
 * KEYS: the counters; ARGV: max and window seconds of each, in turn.
 */
const TAKE = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('TTL', key)
    if ttl > 0 then return {ttl, i} end
    return {tonumber(ARGV[2 * i]), i}
  end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[2 * i], 'NX')
end
return {0, 0}`;

/** Gives one attempt back to each counter still in its window (a lapsed one must not come back negative). */
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('DECR', key) end
end
return 0`;

/**
 * The budget key of a client address: an IPv4 address as it is, an IPv6 one by its /64 (one subscriber's network,
 * which can hold any number of addresses), so that rotating addresses inside it buys no more of any budget.
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1];
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const groups = head.split(':').filter(Boolean);
  // Fewer than four groups before '::' mean zeros follow (or tail groups fill the rest).
  const full = [
    ...groups,
    ...Array(Math.max(0, 8 - groups.length - tail.split(':').filter(Boolean).length)).fill('0'),
    ...tail.split(':').filter(Boolean),
  ];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Fixed-window attempt counters in Redis, shared by every API replica. */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /**
   * Takes one attempt from each limit before the work it limits, atomically; throws 429 (taking none) when any
   * of them is spent.
   */
  async take(...limits: Limit[]): Promise<void> {
    const spent = await this.spent(...limits);
    if (spent) throw AppError.tooManyRequests(spent.wait);
  }

  /** As `take`, answering the limit that was spent (and the seconds until it renews) instead of throwing. */
  async spent(...limits: Limit[]): Promise<{ limit: Limit; wait: number } | null> {
    const [wait, index] = (await this.redis.eval(
      TAKE,
      limits.length,
      ...limits.map((l) => `rl:${l.key}`),
      ...limits.flatMap((l) => [l.max, l.windowSeconds]),
    )) as [number, number];
    return wait > 0 ? { limit: limits[index - 1], wait: Number(wait) } : null;
  }

  /** Returns attempts that turned out not to count (a login that succeeded). */
  async giveBack(...limits: Limit[]): Promise<void> {
    await this.redis.eval(GIVE_BACK, limits.length, ...limits.map((l) => `rl:${l.key}`));
  }

  /** Takes a once-per-window slot; false when it was already taken (e.g. resend spacing). */
  async takeSlot(key: string, windowSeconds: number): Promise<boolean> {
    return (await this.redis.set(`slot:${key}`, '1', 'EX', windowSeconds, 'NX')) === 'OK';
  }
}
