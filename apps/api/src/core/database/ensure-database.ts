import { Client } from 'pg';
import { MISSING_DATABASE } from './reachability';

function maintenanceUrl(databaseUrl: string): { url: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  return { url: url.toString(), name };
}

/** Whether the database answers; only "no such database" means no, any other failure is thrown. */
async function databaseExists(databaseUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === MISSING_DATABASE) return false;
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the database when it is missing, in UTF-8 with a UTF-8 ctype so that trigram and gram indexes see
 * Chinese characters (performance-notes.md). Only a missing database needs the `postgres` maintenance database,
 * which PgBouncer and managed services refuse.
 */
export async function ensureDatabase(databaseUrl: string, template?: string): Promise<boolean> {
  if (await databaseExists(databaseUrl)) return false;
  const { url, name } = maintenanceUrl(databaseUrl);
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    if (template) {
      await client.query(`CREATE DATABASE ${quoted} TEMPLATE "${template.replace(/"/g, '""')}"`);
    } else {
      await client
        .query(
          `CREATE DATABASE ${quoted} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
        )
        .catch(() => client.query(`CREATE DATABASE ${quoted} TEMPLATE template0 ENCODING 'UTF8'`));
    }
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const { url, name } = maintenanceUrl(databaseUrl);
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
