import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../api/test/support/free-port';
import { ROOT, composeConfig, read } from './files';

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
/** The `backups` volume, on this machine. */
const backups = mkdtempSync(join(tmpdir(), 'tt-compose-volume-'));
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
    ...(env.MIGRATE_SNAPSHOT_DIR && { MIGRATE_SNAPSHOT_DIR: backups }),
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

// One database for the file: the first up migrates and seeds it, the backups below back it up.
beforeAll(() => admin(`CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8'`));
afterAll(async () => {
  rmSync(backups, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

describe('a first docker compose up (without an engine)', () => {
  let api: ChildProcess | undefined;
  let base = '';
  afterAll(() => api?.kill('SIGKILL'));

  it('migrates and seeds the plans alone, and a later up keeps them as they are', async () => {
    const { command, environment } = services.migrate;
    const first = await run(command!, onThisMachine(environment, 0));
    expect(first.output).toMatch(/applied \d+ migration\(s\)[\s\S]*held back[\s\S]*seeded \d+ plans/);
    expect(first.code).toBe(0);
    // The next up applies the contract step the first held back (docs/operations/releases.md), the one after nothing.
    const next = await run(command!, onThisMachine(environment, 0));
    expect(next.output).toMatch(/applied 1 migration\(s\)[\s\S]*plans already present/);
    const again = await run(command!, onThisMachine(environment, 0));
    expect(again.output).toMatch(/schema up to date[\s\S]*plans already present/);
    expect(again.code).toBe(0);
    // A backup in the volume before each up that applied something.
    expect(readdirSync(backups).filter((f) => /^pre-migrate-.+\.dump$/.test(f))).toHaveLength(2);
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

/**
 * docs/operations/backups.md, for compose: the backup service's own script with its environment, then the
 * restore command docs/operations/backups.md gives, run as the migrate service would run it, into a new database; on the database
 * the first up above migrated and seeded.
 */
describe('compose backups, as the backups page restores them', () => {
  const section = read('docs/operations/backups.md');
  const composeBlock = section.slice(section.indexOf('**Compose**')).split('```')[1].replace(/^sh\n/, '');
  const restored = `${database}_restored`;
  const dir = mkdtempSync(join(tmpdir(), 'tt-compose-backups-'));
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
  });

  it('gives a single machine npm scripts that run the CLI’s backup and restore', () => {
    const block = section.slice(section.indexOf('**A single machine**')).split('```')[1];
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(block).toMatch(/^npm run backup -- backups\/.+\.dump$/m);
    expect(block).toMatch(/^DATABASE_URL=\S+ npm run restore -- backups\/\S+\.dump$/m);
    expect(scripts.backup).toMatch(/&& node dist\/apps\/api\/cli\.js backup$/);
    expect(scripts.restore).toMatch(/&& node dist\/apps\/api\/cli\.js restore$/);
    expect(scripts['drill:restore']).toContain('test/restore-drill.e2e-spec.ts');
  });

  it('names services, volumes and paths that compose has', () => {
    const compose = parseDocument(read('docker/compose.yml')).toJS() as {
      services: Record<string, { volumes?: string[]; environment?: Record<string, string>; user?: string }>;
    };
    const { backup, migrate } = compose.services;
    // One volume, seen at /backups by the backup service and at /app/backups by migrate (its snapshots too).
    expect(backup.volumes).toContain('backups:/backups');
    expect(backup.volumes).toContain('./backup.sh:/usr/local/bin/think-tank-backup:ro');
    expect(migrate.volumes).toEqual(['backups:/app/backups']);
    expect(migrate.environment).toMatchObject({
      MIGRATE_SNAPSHOT: 'true',
      MIGRATE_SNAPSHOT_DIR: '/app/backups',
    });
    // The image makes /app/backups its user's (uid 1000), so the backup service, that user too, may write there.
    expect(read('docker/Dockerfile')).toContain('RUN install -d -o node -g node /app/backups');
    expect(backup.user).toBe('1000:1000');
    const lines = composeBlock.trim().split('\n');
    for (const line of lines) expect(line).toMatch(/^docker compose -p think-tank -f docker\/compose\.yml /);
    expect(composeBlock).toContain('exec backup ls -l /backups');
    expect(composeBlock).toContain(
      'exec -e BACKUP_INTERVAL_SECONDS=0 backup sh /usr/local/bin/think-tank-backup',
    );
    expect(composeBlock).toMatch(/stop api worker backup\n/);
    expect(composeBlock).toMatch(
      /run --rm --no-deps migrate node dist\/apps\/api\/cli\.js restore \/app\/backups\/\S+\.dump/,
    );
    for (const service of ['backup', 'postgres', 'migrate', 'api', 'worker'])
      expect(services[service]).toBeDefined();
  });

  it('backs up with the backup service’s script and restores with the backups page’s command', async () => {
    const env = services.backup.environment;
    const local = new URL(LOCAL_PG);
    const dumped = await run(['sh', 'docker/backup.sh'], {
      PATH: process.env.PATH,
      ...env,
      PGHOST: local.hostname,
      PGPORT: local.port || '5432',
      PGUSER: decodeURIComponent(local.username),
      PGPASSWORD: decodeURIComponent(local.password),
      PGDATABASE: database,
      BACKUP_DIR: dir,
      BACKUP_INTERVAL_SECONDS: '0',
    });
    expect(dumped.output).toMatch(/backed up to \S+think_tank-\d{8}T\d{6}Z\.dump \(\d+ bytes\)/);
    expect(dumped.code).toBe(0);
    const file = readdirSync(dir).find((f) => f.endsWith('.dump'))!;

    const restoreLine = composeBlock.split('\n').find((l) => l.includes('cli.js restore'))!;
    const command = restoreLine
      .slice(restoreLine.indexOf('node dist/'))
      .split(' ')
      .map((arg) => arg.replace(/^\/app\/backups\/\S+$/, join(dir, file)));
    const environment = onThisMachine(services.migrate.environment, 0);
    environment.DATABASE_URL = environment.DATABASE_URL!.replace(`/${database}`, `/${restored}`);
    const restoring = await run(command, environment);
    expect(restoring.output).toMatch(/created the database[\s\S]*restored \S+ in \d+ ms/);
    expect(restoring.code).toBe(0);
    const count = async (db: string) => {
      const client = new Client({ connectionString: LOCAL_PG.replace(/\/[^/]*$/, `/${db}`) });
      await client.connect();
      try {
        return (
          await client.query(
            `SELECT (SELECT count(*) FROM plans)::int AS plans, (SELECT count(*) FROM migrations)::int AS migrations`,
          )
        ).rows[0];
      } finally {
        await client.end();
      }
    };
    expect(await count(restored)).toEqual(await count(database));
  });
});
