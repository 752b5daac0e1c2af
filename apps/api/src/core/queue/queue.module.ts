import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { QueueName } from '@think-tank/contracts';
import { AppConfig } from '../config/app-config';
import { redisOptions } from '../redis/redis-connection';
import { LegacyQueues, queuePrefix } from './legacy-queues.service';

/**
 * Every queue, registered once with its settings: a queue registered again elsewhere would be a second instance
 * with default settings, which Bull's explorer may hand to the processor.
 */
const queues = BullModule.registerQueue(
  { name: QueueName.billing },
  {
    name: QueueName.mail,
    // An SMTP server that is down for a while: tries over about 20 minutes, then the job stays failed for support.
    defaultJobOptions: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: 100,
      removeOnFail: 1_000,
    },
  },
  {
    name: QueueName.demandStages,
    // A worker that dies mid-job holds its lock for at most `lockDuration`; the stalled check then hands the
    // job to a live worker, which finishes it once.
    settings: { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 2 },
  },
);

/** Bull on the app's Redis; queue keys live under REDIS_PREFIX (hash-tagged: legacy-queues.service.ts) like every other key. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        prefix: queuePrefix(config.redisPrefix),
        // A command (adding a job) fails after 2 reconnection tries while Redis is down, so the request answers 503
        // at once rather than after ioredis's default 20. Bull keeps its blocking clients waiting, as it must.
        redis: { ...redisOptions(config.redis), maxRetriesPerRequest: 2 },
      }),
    }),
    queues,
  ],
  exports: [queues],
})
export class QueueModule {}

/** The worker's move of the jobs queued under the previous release's prefix (legacy-queues.service.ts). */
@Module({ providers: [LegacyQueues] })
export class LegacyQueuesModule {}
