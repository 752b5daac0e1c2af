import { Injectable } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CONTRACTS } from '../../database/migrations';

/** PostgreSQL as the health checks, the readiness probe and `cli restore` see it. */
@Injectable()
export class DatabaseProbe {
  constructor(private readonly db: DataSource) {}

  /** Whether PostgreSQL answers a trivial query. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /**
   * This code's migrations that the database has not applied, oldest first; every one before the first migrate.
   * Contract steps only remove what older code used (docs/operations/releases.md): `required` leaves them out.
   */
  async pendingMigrations({ required = false } = {}): Promise<string[]> {
    const known = this.db.migrations
      .map((m) => m.name ?? m.constructor.name)
      .filter((name) => !(required && CONTRACTS[name]));
    const table = this.db.options.migrationsTableName ?? 'migrations';
    try {
      const applied = new Set(
        (await this.db.query(`SELECT name FROM ${table}`)).map((r: { name: string }) => r.name),
      );
      return known.filter((name) => !applied.has(name));
    } catch (e) {
      // undefined_table: a database that was never migrated.
      if ((e as { code?: string }).code === '42P01') return known;
      throw e;
    }
  }
}

/** Tables in the database's public schema: a restore goes only into a database that has none. */
export async function tableCount(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}
