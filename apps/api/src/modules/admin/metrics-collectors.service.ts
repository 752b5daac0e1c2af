import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueName } from '@think-tank/contracts';
import type { Gauge } from 'prom-client';
import { MetricsLeader } from '../../core/metrics/metrics-leader.service';
import { MetricsService } from '../../core/metrics/metrics.service';
import { OrdersAdminService } from '../billing';
import { QueuesAdminService } from './queues-admin.service';

/** How often the reporting replica counts orders, when scraped: a count of the whole table, not one per scrape. */
const ORDER_COUNT_MS = 60_000;

/**
 * The deployment-wide gauges, reported by one API replica at a time (MetricsLeader), so that each figure reaches
 * Prometheus once: queue depths by state and the age of each queue's oldest waiting job, read from Redis at scrape
 * time; what the last stage sweep found stuck; and orders by gateway and status, and the oldest failed refund, read
 * once a minute.
 */
@Injectable()
export class MetricsCollectors implements OnApplicationBootstrap {
  private orderCounts: { gateway: string; status: string; n: number }[] = [];
  private failedRefundAge = 0;
  private countedAt = 0;

  constructor(
    private readonly metrics: MetricsService,
    private readonly leader: MetricsLeader,
    private readonly queues: QueuesAdminService,
    private readonly orders: OrdersAdminService,
  ) {}

  onApplicationBootstrap(): void {
    this.reported('queue_jobs', 'Jobs in each Bull queue by state', ['queue', 'state'], async (g) => {
      for (const { name, counts } of await this.queues.counts())
        for (const [state, n] of Object.entries(counts)) g.set({ queue: name, state }, n);
    });
    this.reported(
      'queue_oldest_waiting_seconds',
      'How long the oldest job waiting in each queue has been ready to run (0 when none waits)',
      ['queue'],
      async (g) => {
        for (const { name, since } of await this.queues.oldestWaiting())
          g.set({ queue: name }, since ? Math.max(0, (Date.now() - since) / 1000) : 0);
      },
    );
    this.reported(
      'stage_sweep_last_found',
      'Stages the last sweep found without a live job: queued again, or ended in Error',
      ['action'],
      async (g) => {
        const sweep = (await this.queues.counts()).find((q) => q.name === QueueName.demandStages)?.lastSweep;
        if (!sweep) return;
        g.set({ action: 'requeued' }, sweep.requeued.length);
        g.set({ action: 'errored' }, sweep.errored.length);
      },
    );
    this.reported(
      'orders',
      'Orders by gateway and status, counted once a minute',
      ['gateway', 'status'],
      async (g) => {
        await this.countOrders();
        for (const r of this.orderCounts) g.set({ gateway: r.gateway, status: r.status }, r.n);
      },
    );
    this.reported(
      'refunds_failed_oldest_seconds',
      'How long the oldest refund that failed after its gateway accepted it has waited for support (0 when none)',
      [],
      async (g) => {
        await this.countOrders();
        g.set(this.failedRefundAge);
      },
    );
  }

  /** Orders by gateway and status, and the oldest failed refund, read at most once a minute. */
  private async countOrders(): Promise<void> {
    if (Date.now() - this.countedAt < ORDER_COUNT_MS) return;
    this.countedAt = Date.now();
    [this.orderCounts, this.failedRefundAge] = await Promise.all([
      this.orders.counts(),
      this.orders.oldestFailedRefundSeconds(),
    ]);
  }

  /** A gauge filled on the reporting replica only; empty (no series) on the others. */
  private reported(
    name: string,
    help: string,
    labels: string[],
    collect: (g: Gauge) => Promise<void> | void,
  ) {
    this.metrics.gauge(name, help, labels, (g) => (this.leader.isLeader ? collect(g) : undefined));
  }
}
