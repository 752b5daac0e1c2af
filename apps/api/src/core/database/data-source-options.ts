import type { DataSourceOptions, MigrationInterface, QueryRunner } from 'typeorm';
import { ENTITIES } from '../../database/entities';
import { MIGRATIONS } from '../../database/migrations';

/** One description of the database for the app, the CLI and the tests; schema changes only through migrations. */
export function dataSourceOptions(databaseUrl: string, poolMax = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // gen_random_uuid() is built in; extensions are created by migrations, never implicitly on connect.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: { max: poolMax, connectionTimeoutMillis: 5000 },
  };
}

type Migration = new () => MigrationInterface;

/** How long a migration's statement may wait for a lock, and run (docs/operations/releases.md). */
const MIGRATION_LIMITS = [`lock_timeout = '5s'`, `statement_timeout = '20min'`];

/**
 * The migration with its limits set first, inside its own transaction (`SET LOCAL`; a migration run outside one, to
 * build an index concurrently, sets them for its connection). Not as the connection's startup options, which
 * PgBouncer refuses ("unsupported startup parameter"), nor for the session, which transaction pooling would hand to
 * another client.
 */
export function bounded(migration: Migration): Migration {
  const limit = async (queryRunner: QueryRunner) => {
    const set = queryRunner.isTransactionActive ? 'SET LOCAL' : 'SET';
    for (const setting of MIGRATION_LIMITS) await queryRunner.query(`${set} ${setting}`);
  };
  return class extends migration {
    override async up(queryRunner: QueryRunner) {
      await limit(queryRunner);
      return super.up(queryRunner);
    }
    override async down(queryRunner: QueryRunner) {
      await limit(queryRunner);
      return super.down(queryRunner);
    }
  };
}

/**
 * The CLI's database: every statement of a migration gives up after waiting 5 s for a lock, instead of queueing
 * every query of the running release behind it, and after 20 minutes in all (`bounded`).
 */
export function migrationDataSourceOptions(databaseUrl: string, migrations = MIGRATIONS): DataSourceOptions {
  return { ...dataSourceOptions(databaseUrl, 2), migrations: migrations.map(bounded) };
}
