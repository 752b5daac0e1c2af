import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { PrivatePostgres } from './support/private-postgres';
import { readTestEnv } from './support/test-env';
import { runCli } from './support/worker';

/**
 * The operator's CLI (`cli migrate | seed --plans | setup`) on a PostgreSQL server of the spec's own whose `postgres`
 * maintenance database is gone, as behind PgBouncer or on managed services that only serve the app's database.
 */
describe('cli', () => {
  const pg = new PrivatePostgres();
  let env: Record<string, string>;
  const query = (sql: string, params: unknown[] = []) => pg.query(sql, params);

  beforeAll(async () => {
    await pg.start();
    const admin = new Client({ connectionString: pg.url.replace(/\/think_tank$/, '/template1') });
    await admin.connect();
    await admin.query(`CREATE DATABASE think_tank TEMPLATE template0 ENCODING 'UTF8'`);
    await admin.query('DROP DATABASE postgres');
    await admin.end();
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: pg.url,
      REDIS_URL: readTestEnv().redisUrl,
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      SMTP_URL: 'smtp://127.0.0.1:1025',
    };
  }, 60_000);
  afterAll(() => pg.destroy(), 30_000);

  it('checks and migrates the app’s own database, never asking for the maintenance database', async () => {
    const first = await runCli(['migrate'], env);
    expect(first.output).toMatch(/applied \d+ migration\(s\)/);
    // A contract step waits for the next release's migrate when its expand step came in this one (docs/operations/releases.md).
    expect(first.output).toContain(
      "held back for the next release's migrate: OrderSubjectContract1795540800000",
    );
    expect(first.code).toBe(0);
    const next = await runCli(['migrate'], env);
    expect(next.output).toContain('applied 1 migration(s): OrderSubjectContract1795540800000');
    const again = await runCli(['setup'], env);
    expect(again.output).toContain('schema up to date');
    expect(again.code).toBe(0);
  }, 120_000);

  it('gives up on a lock after 5 s rather than queueing every query of the running release behind it', async () => {
    // The contract step pending again (it drops only what exists); the running release holds a lock on orders.
    await query(`DELETE FROM migrations WHERE name = 'OrderSubjectContract1795540800000'`);
    const holder = new Client({ connectionString: pg.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE orders IN ROW EXCLUSIVE MODE');
    const started = Date.now();
    const blocked = await runCli(['migrate'], env);
    const seconds = (Date.now() - started) / 1000;
    await holder.query('ROLLBACK');
    await holder.end();
    expect(blocked.output).toContain('canceling statement due to lock timeout');
    expect(blocked.code).toBe(1);
    expect(seconds).toBeLessThan(30);
    expect((await runCli(['migrate'], env)).output).toContain('applied 1 migration(s)');
  }, 120_000);

  it('migrates through MIGRATION_DATABASE_URL where DATABASE_URL names another address (a pooler)', async () => {
    const pooled = {
      ...env,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/think_tank',
      MIGRATION_DATABASE_URL: pg.url,
    };
    const migrated = await runCli(['migrate'], pooled);
    expect(migrated.output).toContain('schema up to date');
    expect(migrated.code).toBe(0);
    // Without it, the CLI goes to DATABASE_URL, which nothing answers here.
    const { MIGRATION_DATABASE_URL: _, ...unpooled } = pooled;
    expect((await runCli(['migrate'], { ...unpooled, MIGRATE_WAIT_SECONDS: '0' })).code).not.toBe(0);
  }, 60_000);

  it('seeds the production plans once and never demo data; a second run keeps what admins changed', async () => {
    const seeded = await runCli(['seed', '--plans'], env);
    expect(seeded.output).toContain(`seeded ${PLAN_SEED.length} plans`);
    expect(seeded.code).toBe(0);
    expect((await query('SELECT code FROM plans ORDER BY "sortOrder"')).map((r) => r.code)).toEqual(
      [...PLAN_SEED].sort((a, b) => a.sortOrder - b.sortOrder).map((p) => p.code),
    );
    expect(await query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
    expect(await query('SELECT count(*)::int AS n FROM solutions')).toEqual([{ n: 0 }]);

    await query(`UPDATE plans SET "priceCny" = 4900 WHERE code = 'basic_monthly'`);
    await query(`DELETE FROM plans WHERE code = 'enterprise'`);
    const again = await runCli(['seed', '--plans'], env);
    expect(again.output).toContain('plans already present');
    expect(again.code).toBe(0);
    expect(await query(`SELECT "priceCny" FROM plans WHERE code = 'basic_monthly'`)).toEqual([
      { priceCny: 4900 },
    ]);
    expect(await query(`SELECT count(*)::int AS n FROM plans`)).toEqual([{ n: PLAN_SEED.length - 1 }]);
  }, 120_000);

  it('backs the database up before it applies a migration when MIGRATE_SNAPSHOT=true, and only then', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tt-snapshots-'));
    const snapshots = () => readdirSync(dir).filter((f) => f.endsWith('.dump'));
    const snapshotting = { ...env, MIGRATE_SNAPSHOT: 'true', MIGRATE_SNAPSHOT_DIR: dir };
    try {
      // A new database: every migration is pending, so the empty schema is saved first.
      const admin = new Client({ connectionString: pg.url.replace(/\/think_tank$/, '/template1') });
      await admin.connect();
      await admin.query(`CREATE DATABASE think_tank_next TEMPLATE template0 ENCODING 'UTF8'`);
      await admin.end();
      const next = { ...snapshotting, DATABASE_URL: pg.url.replace(/think_tank$/, 'think_tank_next') };
      const migrated = await runCli(['migrate'], next);
      expect(migrated.output).toMatch(
        /backed up to \S+pre-migrate-[\dTZ-]+\.dump \([\d.]+ MiB\) in \d+ ms\napplied \d+ migration/,
      );
      expect(migrated.code).toBe(0);
      expect(snapshots()).toHaveLength(1);
      // The next release's migrate applies the contract step it held back: a snapshot before that too.
      await runCli(['migrate'], next);
      expect(snapshots()).toHaveLength(2);
      // Nothing pending: nothing to go back to.
      expect((await runCli(['migrate'], next)).output).toContain('schema up to date');
      expect(snapshots()).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('waits for a database that starts after it, as a migration Job may, instead of failing the release', async () => {
    await pg.stop();
    // PostgreSQL comes back once the CLI has said that it waits for it.
    let waiting: () => void;
    const saidSo = new Promise<void>((resolve) => (waiting = resolve));
    const migrating = runCli(['migrate'], env, (output) => output.includes('waiting: ') && waiting());
    await saidSo;
    await pg.start();
    const migrated = await migrating;
    expect(migrated.output).toMatch(/^waiting: PostgreSQL is not reachable at 127\.0\.0\.1:\d+$/m);
    expect(migrated.output).toContain('schema up to date');
    expect(migrated.code).toBe(0);
    // Not for ever: MIGRATE_WAIT_SECONDS, then the reason.
    await pg.stop();
    const given = await runCli(['migrate'], { ...env, MIGRATE_WAIT_SECONDS: '1' });
    await pg.start();
    expect(given.output).toMatch(/PostgreSQL is not reachable at .*Start it/);
    expect(given.code).toBe(1);
  }, 120_000);

  it('refuses the demo seed in production, saying what to run instead', async () => {
    const demo = await runCli(['seed'], env);
    expect(demo.code).toBe(1);
    expect(demo.output).toContain('seed --plans');
    expect(await query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
  }, 60_000);
});
