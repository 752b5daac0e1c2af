import { Global, Injectable, Module } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

type Collect = (gauge: Gauge) => Promise<void> | void;

/**
 * The process's Prometheus registry (GET /metrics): HTTP request durations by route, and gauges that modules
 * fill when scraped (queue depths, sockets, orders by status), besides Node's own process metrics.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /**
   * Stage jobs as the worker ran them (exposed on the worker's own metrics port). `job_name`, not `job`: Prometheus
   * keeps `job` for the scrape job, and renames a target's own to `exported_job`.
   */
  readonly jobDuration = new Histogram({
    name: 'queue_job_duration_seconds',
    help: 'Processing time of jobs by queue, job name and outcome',
    labelNames: ['queue', 'job_name', 'outcome'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });

  /**
   * Gateway messages refused, by why: `signature` (not signed by the gateway: anyone can post that), `replay` (a
   * nonce seen before), and the ones that verify but do not fit our books, `mismatch` (merchant, app or amount) and
   * `unknown_order`. Only those two page (contract §12): junk must not wake anyone.
   */
  readonly notifiesRefused = new Counter({
    name: 'payment_notifies_refused_total',
    help: 'Payment notifies and webhooks refused, by gateway and reason',
    labelNames: ['gateway', 'reason'],
    registers: [this.registry],
  });

  /** Texts asked of the SMS provider (or kept in the development outbox), by how it went. */
  readonly smsSent = new Counter({
    name: 'sms_sent_total',
    help: 'Sign-in code texts by outcome: sent, refused by the provider, kept in the development outbox',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  /**
   * Texts refused before sending, by the limit that refused them: `number` (a minute or a day per number), `address`
   * (an hour per client address), `budget` (the site's day, SMS_DAILY_LIMIT: sign-in by phone stops for everyone).
   */
  readonly smsRefused = new Counter({
    name: 'sms_refused_total',
    help: 'Sign-in code texts refused by a limit: number, address or the site budget',
    labelNames: ['limit'],
    registers: [this.registry],
  });

  /**
   * What reconciliation found the books and a gateway disagreeing on: a payment whose notify never came (settled
   * now), or an amount that differs (flagged for support).
   */
  readonly reconcileMismatches = new Counter({
    name: 'payment_reconcile_mismatches_total',
    help: 'Orders on which reconciliation found the gateway disagreeing, by gateway and kind',
    labelNames: ['gateway', 'kind'],
    registers: [this.registry],
  });
  private readonly namespaces = new Map<string, { sockets: { size: number } }>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.gauge(
      'socketio_connected_sockets',
      'Sockets connected to this replica, by namespace',
      ['namespace'],
      (g) => {
        for (const [name, ns] of this.namespaces) g.set({ namespace: name }, ns.sockets.size);
      },
    );
  }

  /** Counts a socket.io namespace's connections on this replica. */
  trackSockets(namespace: { name: string; sockets: { size: number } }): void {
    this.namespaces.set(namespace.name, namespace);
  }

  /** A gauge whose values are read when Prometheus scrapes; empty while its source is unreachable. */
  gauge(name: string, help: string, labelNames: string[], collect: Collect): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        // A source that is down (Redis for queue depths, say) leaves its gauge empty; the scrape still answers.
        await Promise.resolve()
          .then(() => collect(this))
          .catch(() => this.reset());
      },
    });
  }
}

@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
