import {
  Global,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DatabaseProbe } from '../database/database-probe.repository';

/** How often a process whose schema is behind (or not yet read) looks again, while the migration Job runs. */
export const SCHEMA_RECHECK_MS = 5_000;

/**
 * Whether this process can serve (GET /ready on the API, /ready on the worker's metrics port): started, not
 * draining, and on a schema that has every migration its code knows. It never asks PostgreSQL or Redis on a probe:
 * an outage of a shared service is answered per call (503), and must not take every replica out of its Service at
 * once (docs/operations/releases.md). A schema that is ahead of the code (an older pod during a rollout) is fine: migrations
 * only expand the schema within a release (docs/operations/releases.md).
 */
@Injectable()
export class Readiness implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(Readiness.name);
  private draining = false;
  /** Migrations of this code that the database has not applied; undefined until the database was read once. */
  private pending: string[] | undefined;
  private schemaError = '';
  private timer?: NodeJS.Timeout;

  constructor(private readonly db: DatabaseProbe) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.readSchema();
    if (this.pending?.length !== 0) this.timer = setInterval(() => void this.readSchema(), SCHEMA_RECHECK_MS);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** From SIGTERM on: the balancer stops sending new requests while those in flight finish. */
  drain(): void {
    this.draining = true;
  }

  /** Why this process must not take traffic; empty when it may. */
  reasons(): string[] {
    const reasons: string[] = [];
    if (this.draining) reasons.push('draining: shutting down');
    if (!this.pending) reasons.push(`schema unknown: ${this.schemaError || 'not read yet'}`);
    else if (this.pending.length)
      reasons.push(`schema behind the code: pending migration(s) ${this.pending.join(', ')}`);
    return reasons;
  }

  private async readSchema(): Promise<void> {
    try {
      const pending = await this.db.pendingMigrations({ required: true });
      if (pending.length && this.pending?.join() !== pending.join())
        this.logger.warn(`not ready: pending migration(s) ${pending.join(', ')}; run "cli migrate"`);
      if (!pending.length && this.pending?.length) this.logger.log('schema is up to date: ready');
      this.pending = pending;
    } catch (e) {
      this.schemaError = (e as Error).message;
    }
    if (this.pending?.length === 0) clearInterval(this.timer);
  }
}

@Global()
@Module({ providers: [Readiness], exports: [Readiness] })
export class ReadinessModule {}
