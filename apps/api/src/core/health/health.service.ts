import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';
import type Redis from 'ioredis';
import { DatabaseProbe } from '../database/database-probe.repository';
import { REDIS } from '../redis/redis.provider';

export type Check = 'up' | 'down';

/** Whether PostgreSQL and Redis answer within 2 s each; also as `dependency_up` on /metrics, for alerts. */
@Injectable()
export class HealthService implements OnModuleInit {
  constructor(
    private readonly db: DatabaseProbe,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge(
      'dependency_up',
      'Whether PostgreSQL and Redis answered this replica within 2 s (1) or not (0)',
      ['dependency'],
      async (g) => {
        const { database, redis } = await this.checks();
        g.set({ dependency: 'postgresql' }, database === 'up' ? 1 : 0);
        g.set({ dependency: 'redis' }, redis === 'up' ? 1 : 0);
      },
    );
  }

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
