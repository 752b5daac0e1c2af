import { Client } from 'pg';

function maintenanceUrl(databaseUrl: string): { url: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  return { url: url.toString(), name };
}

/**
 * Creates the database when it is missing, in UTF-8 with a UTF-8 ctype so that
 * trigram and gram indexes see Chinese characters (performance-notes.md).
 */
export async function ensureDatabase(databaseUrl: string, template?: string): Promise<boolean> {
  const { url, name } = maintenanceUrl(databaseUrl);
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return false;
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
