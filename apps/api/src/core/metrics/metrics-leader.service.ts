import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { REDIS } from '../redis/redis.provider';

/** How long a reporter's claim lasts unless renewed; it renews at a third of that. */
const CLAIM_MS = 30_000;
/** Takes the claim when it is free, or renews it when it is ours: one atomic step. */
const CLAIM = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2])
  else return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0 end`;

/**
 * Which API replica reports the deployment-wide gauges (queue depths, orders, the stage sweep): one at a time, so
 * that Prometheus sees each figure once rather than once per replica, and the database is asked once a minute
 * whatever the replica count. A replica that dies lets its claim lapse within 30 s; another takes it.
 */
@Injectable()
export class MetricsLeader implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MetricsLeader.name);
  private readonly id = randomUUID();
  /** Under REDIS_PREFIX, as every key of the app's connection. */
  private readonly key = 'metrics:reporter';
  private leading = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  /** The claim on its way to Redis, if any: a stop waits for it, or it could take the claim back after the release. */
  private claiming?: Promise<void>;

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationBootstrap(): void {
    void this.claim();
    this.timer = setInterval(() => void this.claim(), CLAIM_MS / 3);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.claiming;
    this.leading = false;
    // Handed over at once on a clean stop, rather than after the claim lapses: whoever this replica thinks leads (a
    // claim that failed on its way back may still hold the key), the key goes if it is ours.
    await this.redis
      .eval(
        `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end`,
        1,
        this.key,
        this.id,
      )
      .catch(() => undefined);
  }

  /** Whether this replica reports now. */
  get isLeader(): boolean {
    return this.leading;
  }

  private claim(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return (this.claiming = (async () => {
      // Without Redis nobody can tell who reports: this replica stops, so that two never do.
      const won = await this.redis.eval(CLAIM, 1, this.key, this.id, CLAIM_MS).catch(() => 0);
      if (this.stopped) return;
      if (Boolean(won) !== this.leading)
        this.logger.log(won ? 'reporting the shared gauges' : 'no longer reporting');
      this.leading = Boolean(won);
    })());
  }
}
