import { Client } from 'pg';
import { rmSync } from 'node:fs';

/** Drops every database of this run (the template and any copy a crashed file left behind) and the containers. */
export default async function globalTeardown() {
  const env = globalThis.__TT_TEST_ENV__;
  if (env) {
    const url = new URL(env.databaseUrl);
    url.pathname = '/postgres';
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`tt_test_${env.runId}%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
    if (process.env.TT_TEST_ENV_FILE) rmSync(process.env.TT_TEST_ENV_FILE, { force: true });
  }
  for (const container of globalThis.__TT_CONTAINERS__ ?? []) await container.stop();
}
