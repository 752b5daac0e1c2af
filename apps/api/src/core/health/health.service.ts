import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.provider';

export type Check = 'up' | 'down';

/** Whether PostgreSQL and Redis answer within 2 s each. */
@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async checks(): Promise<{ database: Check; redis: Check }> {
    const [database, redis] = await Promise.all([
      status(this.db.query('SELECT 1')),
      status(this.redis.ping()),
    ]);
    return { database, redis };
  }
}

function status(probe: Promise<unknown>, ms = 2000): Promise<Check> {
  return Promise.race([
    probe.then(() => 'up' as const),
    new Promise<Check>((resolve) => setTimeout(() => resolve('down'), ms).unref()),
  ]).catch(() => 'down' as const);
}
