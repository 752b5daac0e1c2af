import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from './core/config/app-config';
import { dataSourceOptions } from './core/database/data-source-options';
import { ensureDatabase } from './core/database/ensure-database';
import { unreachableServices } from './core/database/reachability';
import { seedDemoData } from './database/seeds/demo.seed';

const USAGE =
  'usage: cli <setup|migrate|seed>  (setup = check services, create the database if missing, migrate, seed)';

async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
  if (!command || !['setup', 'migrate', 'seed'].includes(command)) throw new ConfigError(USAGE);
  const problems = await unreachableServices(config.databaseUrl, config.redisUrl);
  if (problems.length) throw new ConfigError(problems.join('\n'));
  if (command === 'setup' && (await ensureDatabase(config.databaseUrl))) console.log('created the database');
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
    if (command !== 'migrate' && !config.isProduction) {
      for (const line of await seedDemoData(db)) console.log(`seeded ${line}`);
    }
  } finally {
    await db.destroy();
  }
}

run(process.argv[2]).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
