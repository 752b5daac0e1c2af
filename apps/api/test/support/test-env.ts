import { readFileSync } from 'node:fs';

/** What the global set-up prepared for this run: where PostgreSQL and Redis are, and the migrated template. */
export interface TestEnv {
  databaseUrl: string;
  redisUrl: string;
  templateDatabase: string;
  runId: string;
}

/** The global set-up writes the file and names it in TT_TEST_ENV_FILE, which the test workers inherit. */
export function readTestEnv(): TestEnv {
  const file = process.env.TT_TEST_ENV_FILE;
  if (!file)
    throw new Error('TT_TEST_ENV_FILE is unset: run the integration specs through jest (global-setup.ts)');
  return JSON.parse(readFileSync(file, 'utf8')) as TestEnv;
}
