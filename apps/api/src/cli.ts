import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dumpDatabase, restoreDatabase } from './core/database/backup';
import { ConfigError, loadConfig, type AppConfig } from './core/config/app-config';
import { migrationDataSourceOptions } from './core/database/data-source-options';
import { DatabaseProbe, tableCount } from './core/database/database-probe.repository';
import { heldContracts, MIGRATIONS } from './database/migrations';
import { ensureDatabase } from './core/database/ensure-database';
import { unreachableServices } from './core/database/reachability';
import { seedDemoData } from './database/seeds/demo.seed';
import { PLAN_SEED, seedPlans } from './database/seeds/plans.seed';

const USAGE = `usage: cli <setup|migrate|seed|seed --plans|backup FILE|restore FILE>
  setup         check services, create the database if missing, migrate, seed the demo data (not in production)
  migrate       check services, apply pending migrations; with MIGRATE_SNAPSHOT=true, a backup first
                (into MIGRATE_SNAPSHOT_DIR, default "backups") when any migration is pending
  seed          the demo account, plans and solutions, when missing (not in production)
  seed --plans  the plan catalogue while there is no plan at all: production-safe, run after every migrate
  backup FILE   the whole database into FILE (pg_dump's custom format)
  restore FILE  FILE into the database of DATABASE_URL, created when missing; refused when it has tables`;

/** backup and restore: PostgreSQL's own tools on DATABASE_URL alone (docs/operations/backups.md). */
async function backupOrRestore(command: string, file: string, databaseUrl: string): Promise<void> {
  const started = Date.now();
  if (command === 'backup') {
    const { bytes } = await dumpDatabase(databaseUrl, file);
    console.log(`backed up to ${file} (${(bytes / 1048576).toFixed(1)} MiB) in ${Date.now() - started} ms`);
    return;
  }
  if (!existsSync(file)) throw new ConfigError(`no backup at ${file}`);
  if (await ensureDatabase(databaseUrl)) console.log('created the database');
  const tables = await tableCount(databaseUrl);
  if (tables)
    throw new ConfigError(
      `the database already has ${tables} tables: restore into a new, empty database (set DATABASE_URL to it), then point the app at it`,
    );
  await restoreDatabase(databaseUrl, file);
  console.log(`restored ${file} in ${Date.now() - started} ms`);
}

/**
 * Applies what is pending, each migration in its transaction; a release's `cli migrate` holds back a contract step
 * whose expand step it applies now, for the next release (docs/operations/releases.md). With MIGRATE_SNAPSHOT, a backup first.
 */
async function migrate(db: DataSource, holdContracts: boolean, config: AppConfig): Promise<void> {
  const pending = await new DatabaseProbe(db).pendingMigrations();
  const held = holdContracts ? heldContracts(pending) : [];
  if (config.migrateSnapshotDir && pending.length > held.length) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await backupOrRestore(
      'backup',
      join(config.migrateSnapshotDir, `pre-migrate-${stamp}.dump`),
      config.migrationDatabaseUrl,
    );
  }
  // TypeORM runs every migration it is given that the database lacks: the held ones are left out of this run.
  const runner = held.length
    ? await new DataSource(
        migrationDataSourceOptions(
          config.migrationDatabaseUrl,
          MIGRATIONS.filter((m) => !held.includes(m.name)),
        ),
      ).initialize()
    : db;
  try {
    const applied = await runner.runMigrations({ transaction: 'each' });
    console.log(
      applied.length
        ? `applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`
        : 'schema up to date',
    );
    if (held.length) console.log(`held back for the next release's migrate: ${held.join(', ')}`);
  } finally {
    if (runner !== db) await runner.destroy();
  }
}

async function run([command, ...flags]: string[]): Promise<void> {
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    if (flags.length !== 1) throw new ConfigError(USAGE);
    return backupOrRestore(command, flags[0], config.migrationDatabaseUrl);
  }
  const plansOnly = command === 'seed' && flags.join(' ') === '--plans';
  if (!['setup', 'migrate', 'seed'].includes(command) || (flags.length && !plansOnly))
    throw new ConfigError(USAGE);
  // Demo users and solutions never reach a production database.
  if (command === 'seed' && !plansOnly && config.isProduction)
    throw new ConfigError('production has no demo data: "cli seed --plans" seeds the plans alone');
  const creatingDatabase = command === 'setup';
  // A migration Job or compose service may start a moment before its database takes connections: it waits up to
  // MIGRATE_WAIT_SECONDS for both services, saying so, rather than failing the release on its first try.
  const until = Date.now() + (command === 'migrate' ? config.migrateWaitSeconds * 1000 : 0);
  let problems = await unreachableServices(config.migrationDatabaseUrl, config.redis, { creatingDatabase });
  while (problems.length && Date.now() < until) {
    console.log(`waiting: ${problems.map((p) => p.split(' (')[0]).join('; ')}`);
    await new Promise((r) => setTimeout(r, 2000));
    problems = await unreachableServices(config.migrationDatabaseUrl, config.redis, { creatingDatabase });
  }
  if (problems.length) throw new ConfigError(problems.join('\n'));
  if (creatingDatabase && (await ensureDatabase(config.migrationDatabaseUrl))) console.log('created the database');
  const db = await new DataSource(migrationDataSourceOptions(config.migrationDatabaseUrl)).initialize();
  try {
    if (command !== 'seed') await migrate(db, command === 'migrate', config);
    if (plansOnly)
      console.log((await seedPlans(db)) ? `seeded ${PLAN_SEED.length} plans` : 'plans already present');
    else if (command !== 'migrate' && !config.isProduction)
      for (const line of await seedDemoData(db)) console.log(`seeded ${line}`);
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
