import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from './core/config/app-config';
import { dataSourceOptions } from './core/database/data-source-options';
import { ensureDatabase } from './core/database/ensure-database';
import { unreachableServices } from './core/database/reachability';
import { seedDemoData } from './database/seeds/demo.seed';
import { PLAN_SEED, seedPlans } from './database/seeds/plans.seed';

const USAGE = `usage: cli <setup|migrate|seed|seed --plans>
  setup         check services, create the database if missing, migrate, seed the demo data (not in production)
  migrate       check services, apply pending migrations
  seed          the demo account, plans and solutions, when missing (not in production)
  seed --plans  the plan catalogue while there is no plan at all: production-safe, run after every migrate`;

async function run([command, ...flags]: string[]): Promise<void> {
  const config = loadConfig();
  const plansOnly = command === 'seed' && flags.join(' ') === '--plans';
  if (!['setup', 'migrate', 'seed'].includes(command) || (flags.length && !plansOnly))
    throw new ConfigError(USAGE);
  // Demo users and solutions never reach a production database.
  if (command === 'seed' && !plansOnly && config.isProduction)
    throw new ConfigError('production has no demo data: "cli seed --plans" seeds the plans alone');
  const creatingDatabase = command === 'setup';
  const problems = await unreachableServices(config.databaseUrl, config.redisUrl, { creatingDatabase });
  if (problems.length) throw new ConfigError(problems.join('\n'));
  if (creatingDatabase && (await ensureDatabase(config.databaseUrl))) console.log('created the database');
  const db = await new DataSource(dataSourceOptions(config.databaseUrl)).initialize();
  try {
    if (command !== 'seed') {
      const applied = await db.runMigrations({ transaction: 'each' });
      console.log(
        applied.length
          ? `applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`
          : 'schema up to date',
      );
    }
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
