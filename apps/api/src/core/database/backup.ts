import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Logical backups with PostgreSQL's own tools (`cli backup`, `cli restore`, the migrate Job's snapshot): one file
 * in pg_dump's custom format holds the whole database, invoice PDFs and lab files included (they are rows). The
 * tools must be at least the server's major version (docs/operations/backups.md).
 */

/** libpq's connection for the tools: the URL without its password, which goes by environment, never into `ps`. */
function libpq(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // The tools inherit the environment (PATH, and libpq's own PGSSLROOTCERT or PGSSLMODE), the password added.
  // eslint-disable-next-line no-restricted-properties
  return { dbname: url.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.once('error', (e) =>
      reject(new Error(`${tool} could not start (${e.message}): install PostgreSQL's client tools`)),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** The whole database into `file` (pg_dump -Fc); written aside and renamed, so a file that exists is complete. */
export async function dumpDatabase(databaseUrl: string, file: string): Promise<{ bytes: number }> {
  const { dbname, env } = libpq(databaseUrl);
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { bytes: statSync(file).size };
}

/** A dump restored into an empty database in one transaction: all of it, or nothing. */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = libpq(databaseUrl);
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}
