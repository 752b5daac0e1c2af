import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { isOutage } from '../errors/outage';
import { dataSourceOptions } from './data-source-options';

/** How long a replica that failed to answer is left alone before it is asked again. */
const REST_MS = 10_000;
/** A hot standby cancels a query that conflicts with the recovery it replays (serialization_failure). */
const RECOVERY_CONFLICT = '40001';

interface Replica {
  url: string;
  /** Connected on first use: a replica that is down at start delays and fails nothing. */
  source?: Promise<DataSource>;
  restUntil: number;
}

/**
 * Where the reads that may lag the primary by the replication delay go: the library (search, teasers, the paid
 * document once access is decided) and the public plan list. Everything that decides money or access (the reader,
 * grants, the daily count, orders, stage state) and a user's own lists read the primary: they never come here.
 *
 * Each replica is a DataSource of its own, connected on first use, rather than TypeORM's `replication` option,
 * which connects every replica at start and fails the start when one is down. Those handles make this a repository
 * of the data layer (docs/architecture.md#layers): the repositories hand it their reads, nothing else touches the replicas.
 */
@Injectable()
export class ReadReplicas implements OnApplicationShutdown {
  private readonly logger = new Logger(ReadReplicas.name);
  private readonly replicas: Replica[];
  private turn = 0;

  constructor(
    @InjectDataSource() private readonly primary: DataSource,
    private readonly config: AppConfig,
  ) {
    this.replicas = config.databaseReplicaUrls.map((url) => ({ url, restUntil: 0 }));
  }

  /**
   * Runs `work` on a replica (round robin over those not resting), or on the primary when there is none, when the
   * replica does not answer (it then rests 10 s), or when `missing` says the replica lacks what the primary has
   * (a solution saved a moment ago): a read is never refused because a replica is behind.
   */
  async read<T>(
    work: (db: DataSource) => Promise<T>,
    missing: (result: T) => boolean = () => false,
  ): Promise<T> {
    const replica = this.pick();
    if (!replica) return work(this.primary);
    try {
      const result = await work(await this.connect(replica));
      return missing(result) ? work(this.primary) : result;
    } catch (e) {
      if (!isOutage(e) && (e as { code?: string }).code !== RECOVERY_CONFLICT) throw e;
      if (replica.restUntil < Date.now())
        this.logger.warn(
          `a replica failed to answer (${(e as Error).message}); reading the primary for 10 s`,
        );
      replica.restUntil = Date.now() + REST_MS;
      return work(this.primary);
    }
  }

  private pick(): Replica | undefined {
    const now = Date.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.turn + i) % this.replicas.length];
      if (replica.restUntil <= now) {
        this.turn = (this.turn + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  private connect(replica: Replica): Promise<DataSource> {
    replica.source ??= new DataSource({
      ...dataSourceOptions(replica.url, this.config.dbPoolMax),
      migrations: [],
      // Fail over to the primary quickly rather than hold a search for the default 5 s.
      extra: { max: this.config.dbPoolMax, connectionTimeoutMillis: 2_000 },
    })
      .initialize()
      .catch((e: unknown) => {
        replica.source = undefined; // asked again once it has rested
        throw e;
      });
    return replica.source;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      this.replicas.map((r) => r.source?.then((source) => source.destroy()).catch(() => undefined)),
    );
  }
}
