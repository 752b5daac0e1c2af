import { InjectQueue, Process, Processor } from '@nestjs/bull';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import { RedisRestored } from '../../../core/redis/redis-restored.service';
import { RefundsService } from '../refunds.service';

/** Every minute, refunds whose gateway could not be reached are asked again, until it answers. */
const EVERY_MINUTE = { every: 60_000 };

@Processor(QueueName.billing)
export class RefundRetryProcessor implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.billing) private readonly queue: Queue,
    private readonly refunds: RefundsService,
    private readonly restored: RedisRestored,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.restored.keepScheduled(this.queue, JobName.retryRefunds, EVERY_MINUTE);
  }

  @Process(JobName.retryRefunds)
  retry(): Promise<{ asked: number; refunded: number }> {
    return this.refunds.retryPending();
  }
}
