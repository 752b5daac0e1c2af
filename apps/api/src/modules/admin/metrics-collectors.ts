import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../core/metrics/metrics.service';
import { QueuesAdminService } from './queues-admin.service';

/** The operational gauges read at scrape time: queue depths by state, and orders by gateway and status. */
@Injectable()
export class MetricsCollectors implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly queues: QueuesAdminService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('queue_jobs', 'Jobs in each Bull queue by state', ['queue', 'state'], async (g) => {
      for (const { name, counts } of await this.queues.counts())
        for (const [state, n] of Object.entries(counts)) g.set({ queue: name, state }, n);
    });
    this.metrics.gauge('orders', 'Orders by gateway and status', ['gateway', 'status'], async (g) => {
      const rows: { gateway: string; status: string; n: number }[] = await this.db.query(
        `SELECT gateway, status, count(*)::int AS n FROM orders GROUP BY gateway, status`,
      );
      for (const r of rows) g.set({ gateway: r.gateway, status: r.status }, r.n);
    });
  }
}
