import { getQueueToken } from '@nestjs/bull';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QueueName } from '@think-tank/contracts';
import Bull, { type Queue } from 'bull';
import { AppConfig } from '../config/app-config';
import { redisOptions } from '../redis/redis-connection';

/**
 * Bull's key prefix. The hash tag (`{…}`) keeps every queue key in one Redis Cluster slot, as Bull's scripts
 * need: each touches several keys of its queue at once.
 */
export const queuePrefix = (redisPrefix: string) => `{${redisPrefix}}:bull`;
/** The prefix before the hash tag; its queues are moved (below), and this code goes a release later. */
export const legacyQueuePrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

const EVERY_MINUTE = 60_000;
/** Old API pods may add jobs under the old prefix while a rollout lasts: the move is repeated for an hour. */
const MOVING_FOR = 60 * 60_000;

/**
 * Moves the jobs that wait under the old prefix (queued by the previous release) into today's queues, at the
 * worker's start and every minute for an hour, so that a release that changes the prefix loses no mail and no
 * stage. A job is moved only while no old worker takes from its queue (a worker of the previous release finishes
 * its own); added first and removed after, so that a crash in between runs it twice rather than never (stages and
 * mails are idempotent by job id and run). Schedules are not moved: this release registers its own.
 */
@Injectable()
export class LegacyQueues implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LegacyQueues.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    const until = Date.now() + MOVING_FOR;
    const move = () =>
      this.moveAll().catch((e: Error) => this.logger.warn(`moving queued jobs failed: ${e.message}`));
    void move();
    this.timer = setInterval(
      () => (Date.now() > until ? clearInterval(this.timer) : void move()),
      EVERY_MINUTE,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Moves every waiting, delayed or paused job of every queue; how many it moved. */
  async moveAll(): Promise<number> {
    let moved = 0;
    for (const name of Object.values(QueueName)) {
      const legacy = new Bull(name, {
        prefix: legacyQueuePrefix(this.config.redisPrefix),
        redis: { ...redisOptions(this.config.redis), maxRetriesPerRequest: 2 },
      });
      try {
        moved += await this.move(legacy, this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
      } finally {
        await legacy.close();
      }
    }
    if (moved) this.logger.log(`moved ${moved} job(s) queued by the previous release`);
    return moved;
  }

  private async move(legacy: Queue, target: Queue): Promise<number> {
    // Undefined where the Redis service refuses CLIENT LIST: moved anyway, a duplicate rather than a loss.
    if ((await legacy.getWorkers())?.length) return 0;
    let moved = 0;
    for (const job of await legacy.getJobs(['waiting', 'delayed', 'paused'])) {
      if (!job || job.opts.repeat) continue;
      // Its id, its attempts and backoff, and its original time (timestamp + delay) go with it.
      await target.add(job.name, job.data, { ...job.opts, jobId: String(job.id) });
      await job.remove();
      moved++;
    }
    return moved;
  }
}
