import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../api/test/support/free-port';
import { ROOT, composeConfig } from './files';

/**
 * A first `docker compose up`, as far as it runs without an engine: the `migrate` service's own command and the
 * `api` service's environment, from `compose config`, run on this machine's build (dist/apps/api) against a new
 * database on the local PostgreSQL (what POSTGRES_DB creates) and the local Redis. The services' host names are
 * the only thing changed.
 */
interface Service {
  command?: string[];
  environment: Record<string, string>;
}
const services = parseDocument(composeConfig('docker/compose.yml').stdout).toJS().services as Record<
  string,
  Service
>;

const LOCAL_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `tt_compose_${randomBytes(4).toString('hex')}`;
const onThisMachine = (env: Record<string, string>, port: number): NodeJS.ProcessEnv => {
  const db = new URL(env.DATABASE_URL);
  const local = new URL(LOCAL_PG);
  db.host = local.host;
  db.username = local.username;
  db.password = local.password;
  db.pathname = `/${database}`;
  return {
    PATH: process.env.PATH,
    ...env,
    DATABASE_URL: db.toString(),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: database,
    SMTP_URL: 'smtp://127.0.0.1:1', // mails queue; none is sent in this check
    PORT: String(port),
    LOG_LEVEL: 'warn',
  };
};

function run(command: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(command[0], command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

async function admin(sql: string) {
  const client = new Client({ connectionString: LOCAL_PG });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

describe('a first docker compose up (without an engine)', () => {
  let api: ChildProcess | undefined;
  let base = '';
  beforeAll(() => admin(`CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8'`));
  afterAll(async () => {
    api?.kill('SIGKILL');
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('migrates and seeds the plans alone, and a second up keeps them as they are', async () => {
    const { command, environment } = services.migrate;
    const first = await run(command!, onThisMachine(environment, 0));
    expect(first.output).toMatch(/applied \d+ migration\(s\)[\s\S]*seeded \d+ plans/);
    expect(first.code).toBe(0);
    const again = await run(command!, onThisMachine(environment, 0));
    expect(again.output).toMatch(/schema up to date[\s\S]*plans already present/);
    expect(again.code).toBe(0);
  });

  it('starts the API with its admin, who signs in and sees the plans in the admin console', async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The image's command (docker/Dockerfile CMD) with the api service's environment.
    api = spawn('node', ['dist/apps/api/main.js'], {
      cwd: ROOT,
      env: onThisMachine(services.api.environment, port),
      stdio: 'ignore',
    });
    for (let i = 0; i < 120; i++) {
      const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: services.api.environment.ADMIN_EMAIL,
        password: services.api.environment.ADMIN_PASSWORD,
      }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const plans = await fetch(`${base}/api/admin/plans`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(plans.status).toBe(200);
    expect(((await plans.json()) as { total: number }).total).toBeGreaterThan(0);
    const search = await fetch(`${base}/api/solutions/search?query=${encodeURIComponent('港口')}`);
    expect(search.status).toBe(200);
  });
});
