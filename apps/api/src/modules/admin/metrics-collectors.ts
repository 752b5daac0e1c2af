import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../../core/metrics/metrics.service';
import { OrdersAdminService } from '../billing';
import { QueuesAdminService } from './queues-admin.service';

/** The operational gauges read at scrape time: queue depths by state, and orders by gateway and status. */
@Injectable()
export class MetricsCollectors implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly queues: QueuesAdminService,
    private readonly orders: OrdersAdminService,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge('queue_jobs', 'Jobs in each Bull queue by state', ['queue', 'state'], async (g) => {
      for (const { name, counts } of await this.queues.counts())
        for (const [state, n] of Object.entries(counts)) g.set({ queue: name, state }, n);
    });
    this.metrics.gauge('orders', 'Orders by gateway and status', ['gateway', 'status'], async (g) => {
      for (const r of await this.orders.counts()) g.set({ gateway: r.gateway, status: r.status }, r.n);
    });
  }
}
