import { InjectQueue, Process, Processor } from '@nestjs/bull';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import { RedisRestored } from '../../../core/redis/redis-restored.service';
import { ReconciliationService } from '../reconciliation.service';

/** Every 10 minutes, pending orders past their notify's usual delay are checked with their gateway. */
const EVERY_TEN_MINUTES = { every: 10 * 60_000 };

@Processor(QueueName.billing)
export class OrderReconcileProcessor implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.billing) private readonly queue: Queue,
    private readonly reconciliation: ReconciliationService,
    private readonly restored: RedisRestored,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.restored.keepScheduled(this.queue, JobName.reconcileOrders, EVERY_TEN_MINUTES);
  }

  @Process(JobName.reconcileOrders)
  async reconcile(): Promise<{ settled: number }> {
    return { settled: await this.reconciliation.reconcileStale() };
  }
}
