import { Inject, Injectable, Logger } from '@nestjs/common';
import type { JobName } from '@think-tank/contracts';
import type { EveryRepeatOptions, CronRepeatOptions, Queue } from 'bull';
import type Redis from 'ioredis';
import { onReconnected } from './connection-errors';
import { REDIS } from './redis.provider';

const TRIES = 5;
const PAUSE_MS = 2_000;

/**
 * Work that Redis holds and must be put back whenever the connection returns after being lost: a Redis that
 * restarted without persistence has lost its queues, and with them the repeatable schedules and every queued
 * job. Each task is idempotent (a schedule added again is the same schedule; a stage job re-queued keeps its id),
 * so a mere network blip that lost nothing costs one harmless run.
 */
@Injectable()
export class RedisRestored {
  private readonly logger = new Logger(RedisRestored.name);
  private readonly tasks: { name: string; run: () => Promise<unknown> }[] = [];

  constructor(@Inject(REDIS) redis: Redis) {
    onReconnected(redis, () => void this.redo());
  }

  /** Runs `run` now, and again each time Redis comes back. */
  async always(name: string, run: () => Promise<unknown>): Promise<void> {
    this.tasks.push({ name, run });
    await run();
  }

  /**
   * A repeatable job, registered now and again each time Redis comes back (Bull keeps one schedule whatever the
   * number of processes registering it).
   */
  keepScheduled(queue: Queue, job: JobName, repeat: EveryRepeatOptions | CronRepeatOptions): Promise<void> {
    return this.always(`the ${job} schedule`, () =>
      queue.add(job, {}, { repeat, removeOnComplete: 30, removeOnFail: 100 }),
    );
  }

  /** Each task, retried a few times: Bull's own connections may come back a moment after this one. */
  private async redo(): Promise<void> {
    for (const task of this.tasks)
      for (let attempt = 1; attempt <= TRIES; attempt++) {
        try {
          await task.run();
          this.logger.log(`Redis is back: ${task.name} done again`);
          break;
        } catch (e) {
          if (attempt === TRIES)
            this.logger.error(`Redis is back, but ${task.name} failed: ${(e as Error).message}`);
          else await new Promise((r) => setTimeout(r, PAUSE_MS));
        }
      }
  }
}
