import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DatabaseProbe } from '../database/database-probe';
import { REDIS } from '../redis/redis.provider';

export type Check = 'up' | 'down';

/** Whether PostgreSQL and Redis answer within 2 s each. */
@Injectable()
export class HealthService {
  constructor(
    private readonly db: DatabaseProbe,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async checks(): Promise<{ database: Check; redis: Check }> {
    const [database, redis] = await Promise.all([status(this.db.ping()), status(this.redis.ping())]);
    return { database, redis };
  }
}

function status(probe: Promise<unknown>, ms = 2000): Promise<Check> {
  return Promise.race([
    probe.then(() => 'up' as const),
    new Promise<Check>((resolve) => setTimeout(() => resolve('down'), ms).unref()),
  ]).catch(() => 'down' as const);
}
