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
