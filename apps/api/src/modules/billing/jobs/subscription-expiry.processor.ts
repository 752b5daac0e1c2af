import { InjectQueue, Process, Processor } from '@nestjs/bull';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import { RedisRestored } from '../../../core/redis/redis-restored.service';
import { SubscriptionsService } from '../subscriptions.service';

/** Every day at 00:05 in China, when the paid day turns over. */
const DAILY = { cron: '5 0 * * *', tz: 'Asia/Shanghai' };

/**
 * The daily subscription job: registered once as a repeatable job (Bull keeps one schedule whatever the number
 * of replicas registering it), run by whichever process takes it. Access itself ends with the period even if
 * the job is late; the job only records it and marks the reminders.
 */
@Processor(QueueName.billing)
export class SubscriptionExpiryProcessor implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.billing) private readonly queue: Queue,
    private readonly subscriptions: SubscriptionsService,
    private readonly restored: RedisRestored,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.restored.keepScheduled(this.queue, JobName.expireSubscriptions, DAILY);
  }

  @Process(JobName.expireSubscriptions)
  async expire(): Promise<{ expired: number; reminded: number }> {
    const { expired, reminded } = await this.subscriptions.expireAndRemind();
    return { expired, reminded: reminded.length };
  }
}
