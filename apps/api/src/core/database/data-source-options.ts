import type { DataSourceOptions } from 'typeorm';
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

/**
 * The CLI's database: every statement of a migration gives up after waiting 5 s for a lock, instead of queueing
 * every query of the running release behind it, and after 20 minutes in all (docs/operations/releases.md).
 */
export function migrationDataSourceOptions(databaseUrl: string, migrations = MIGRATIONS): DataSourceOptions {
  const options = dataSourceOptions(databaseUrl, 2);
  return {
    ...options,
    migrations,
    extra: { ...options.extra, options: '-c lock_timeout=5s -c statement_timeout=20min' },
  } as DataSourceOptions;
}
