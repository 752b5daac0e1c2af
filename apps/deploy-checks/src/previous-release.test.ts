/**
 * docs/operations/releases.md: while a release rolls out, the previous release's API and worker keep running on the new
 * schema. This check takes the previous release's sources (previous-release.json, from git), migrates a new database
 * with this release's `cli migrate`, starts the old API and worker on it, and walks a smoke set: sign-in, search, a
 * paid view, an order, a demand whose first stage runs. Then it plants a destructive migration (a column of the
 * previous release dropped in the same release) and sees the smoke set fail.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../api/test/support/free-port';
import { SmtpSink } from '../../api/test/support/smtp-sink';
import { waitFor } from '../../api/test/support/wait';
import { CONTRACTS, MIGRATIONS } from '../../api/src/database/migrations';
import { ROOT } from './files';

const previous = JSON.parse(readFileSync(join(ROOT, 'apps/deploy-checks/previous-release.json'), 'utf8')) as {
  commit: string;
};
const LOCAL_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `tt_previous_${randomBytes(4).toString('hex')}`;
const databaseUrl = LOCAL_PG.replace(/\/[^/]*$/, `/${database}`);
const ADMIN = { email: 'release-admin@example.cn', password: 'Release#Check2026' };

async function sql(url: string, text: string, params: unknown[] = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** One smoke run against an API: the steps that failed, each with what it got. */
async function smoke(base: string, sink: SmtpSink): Promise<string[]> {
  const failures: string[] = [];
  const call = async (path: string, init: RequestInit & { token?: string; body?: string } = {}) => {
    const res = await fetch(`${base}${path}`, {
      redirect: 'manual',
      ...init,
      headers: {
        ...(init.body && { 'content-type': 'application/json' }),
        ...(init.token && { authorization: `Bearer ${init.token}` }),
      },
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  };
  const step = async (name: string, run: () => Promise<boolean | string>) => {
    const outcome = await run().catch((e: Error) => e.message);
    if (outcome !== true) failures.push(`${name}: ${outcome || 'failed'}`);
    return outcome === true;
  };
  const post = (path: string, body: object, token?: string) =>
    call(path, { method: 'POST', body: JSON.stringify(body), token });
  const expectStatus = (res: { status: number; text: string }, status: number) =>
    res.status === status || `${res.status} ${res.text.slice(0, 200)}`;

  let admin = '';
  await step('the admin signs in', async () => {
    const res = await post('/api/auth/login', { username: ADMIN.email, password: ADMIN.password });
    admin = res.status === 200 ? res.json().access_token : '';
    return expectStatus(res, 200);
  });
  const marker = `冷链仓储温控方案${randomBytes(3).toString('hex')}`;
  let solutionId = '';
  await step('the admin adds a solution', async () => {
    const res = await post(
      '/api/admin/solutions',
      {
        projectName: marker,
        projectRequirements: '冷链仓储温度监控与预警',
        projectRequirementsDetails: '冷库温度实时采集，超限自动告警。',
        html: `<h1>${marker}</h1>`,
      },
      admin,
    );
    solutionId = res.status === 201 ? res.json()._id : '';
    return expectStatus(res, 201);
  });
  await step('a search finds it', async () => {
    const res = await call(`/api/solutions/search?query=${encodeURIComponent('冷链仓储')}`);
    return res.status === 200 && res.text.includes(solutionId)
      ? true
      : `${res.status} ${res.text.slice(0, 200)}`;
  });
  const buyer = { username: `buyer${randomBytes(3).toString('hex')}`, password: 'Secr3t!pass' };
  const email = `${buyer.username}@example.cn`;
  let token = '';
  await step('a buyer registers and verifies the e-mail', async () => {
    const registered = await post('/api/auth/register', { ...buyer, email });
    if (registered.status !== 201) return expectStatus(registered, 201);
    const verified = await post('/api/auth/verify-email', { email, code: await sink.code(email) });
    token = verified.status === 200 ? verified.json().access_token : '';
    return expectStatus(verified, 200);
  });
  await step('an order for a view is paid at the sandbox cashier and the view opens', async () => {
    const order = await post('/api/solutions/initiate-solution-payment', { solutionId }, token);
    if (order.status !== 200) return expectStatus(order, 200);
    const { orderId, paymentUrl } = order.json();
    const paid = await call(`${paymentUrl}/pay`, { method: 'POST' });
    if (paid.status !== 303) return expectStatus(paid, 303);
    const status = await call(`/api/payments/order-status/${orderId}`, { token });
    if (status.status !== 200 || status.json().status !== 'paid')
      return `order ${status.status} ${status.text}`;
    const view = await call(`/api/solutions/${solutionId}/view`, { token });
    return view.status === 200 && view.text.includes(marker) ? true : `view ${view.status}`;
  });
  await step('a demand is registered, its fee paid, and its first stage runs on the worker', async () => {
    const demand = await post(
      '/api/demand-store/register-demand',
      {
        name: '门店补货',
        content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
      },
      token,
    );
    if (demand.status !== 201) return expectStatus(demand, 201);
    const { demandId } = demand.json();
    const fee = await post('/api/payments/initiate-demand-startup', { demandId }, token);
    if (fee.status !== 200) return expectStatus(fee, 200);
    const paid = await call(`${fee.json().paymentUrl}/pay`, { method: 'POST' });
    if (paid.status !== 303) return expectStatus(paid, 303);
    const done = await waitFor(async () => {
      const detail = await call(`/api/demand-store/${demandId}`, { token });
      return detail.status === 200 && detail.json().stagesData.Startup.status === 'Completed';
    }, 60_000).then(
      () => true,
      () => false,
    );
    const list = await call('/api/demand-store', { token });
    return done && list.text.includes(demandId)
      ? true
      : `stage completed: ${Boolean(done)}, list ${list.status}`;
  });
  return failures;
}

describe(`the previous release (${previous.commit.slice(0, 7)}) on this release's schema`, () => {
  const sink = new SmtpSink();
  const tree = mkdtempSync(join(tmpdir(), 'tt-previous-'));
  const processes: ChildProcess[] = [];
  let base = '';

  /** The previous release's entry point from its own sources, as its image would run it. */
  const start = (entry: 'main' | 'worker', env: NodeJS.ProcessEnv) => {
    const child = spawn(
      process.execPath,
      ['-r', join(tree, 'apps/api/swc-register.js'), join(tree, `apps/api/src/${entry}.ts`)],
      { cwd: tree, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    processes.push(child);
  };

  beforeAll(async () => {
    // Its sources from git (a clone has the history; CI's checkout fetches it), with this checkout's packages.
    const archive = join(tree, 'sources.tar');
    const paths = ['apps/api/src', 'apps/api/swc-register.js', 'apps/api/.swcrc', 'libs/contracts/src'];
    execFileSync('git', ['-C', ROOT, 'archive', '-o', archive, previous.commit, ...paths]);
    execFileSync('tar', ['-x', '-C', tree, '-f', archive]);
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    const smtp = await sink.start();
    await sql(LOCAL_PG, `CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8'`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: database,
      JWT_SECRET: 'a-release-check-secret-of-at-least-32-characters',
      SMTP_URL: smtp,
      PUBLIC_URL: base,
      PAYMENTS_SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      GENERATOR_STEP_MS: '0',
    };
    // This release's migrations, as its migrate Job runs them before the rollout.
    execFileSync(process.execPath, ['dist/apps/api/cli.js', 'migrate'], { cwd: ROOT, env, stdio: 'ignore' });
    execFileSync(process.execPath, ['dist/apps/api/cli.js', 'seed', '--plans'], {
      cwd: ROOT,
      env,
      stdio: 'ignore',
    });
    start('main', { ...env, PORT: String(port) });
    start('worker', env);
    // The previous release's API started (it has no /ready yet).
    await waitFor(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.ok, 90_000);
  }, 120_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    await sink.stop();
    await sql(LOCAL_PG, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(tree, { recursive: true, force: true });
  });

  it('keeps every migration the previous release had, under the same name and in the same order', () => {
    const index = execFileSync(
      'git',
      ['-C', ROOT, 'show', `${previous.commit}:apps/api/src/database/migrations/index.ts`],
      { encoding: 'utf8' },
    );
    const theirs = [...index.matchAll(/^ {2}(\w+\d{13}),$/gm)].map((m) => m[1]);
    expect(theirs.length).toBeGreaterThan(10);
    expect(MIGRATIONS.map((m) => m.name).slice(0, theirs.length)).toEqual(theirs);
  });

  it('only expands the schema in its new migrations, building indexes without blocking writes', () => {
    const index = execFileSync(
      'git',
      ['-C', ROOT, 'show', `${previous.commit}:apps/api/src/database/migrations/index.ts`],
      { encoding: 'utf8' },
    );
    const added = MIGRATIONS.filter((m) => !index.includes(m.name));
    for (const migration of added) {
      const file = readdirSync(join(ROOT, 'apps/api/src/database/migrations')).find((f) =>
        f.startsWith(`${/\d{13}$/.exec(migration.name)![0]}-`),
      )!;
      const source = readFileSync(join(ROOT, 'apps/api/src/database/migrations', file), 'utf8');
      const up = source.slice(source.indexOf('async up('), source.indexOf('async down('));
      // Removing what the previous release reads is a contract step, which cli migrate holds back a release.
      if (!CONTRACTS[migration.name])
        expect(up, migration.name).not.toMatch(
          /DROP (COLUMN|TABLE)|RENAME|ALTER COLUMN \S+ TYPE|SET NOT NULL/i,
        );
      // An index is built CONCURRENTLY, which PostgreSQL allows outside a transaction only.
      if (/CREATE (UNIQUE )?INDEX/i.test(up)) {
        expect(up, migration.name).toMatch(/CREATE (UNIQUE )?INDEX CONCURRENTLY/i);
        expect(source, migration.name).toMatch(/transaction = false/);
      }
    }
  });

  it('serves the smoke set: sign-in, search, a paid view, an order and a demand', async () => {
    expect(await smoke(base, sink)).toEqual([]);
  }, 90_000);

  it('fails the smoke set on a planted destructive migration', async () => {
    // A contract step shipped in the same release as its expand: a column the previous release reads is gone.
    await sql(databaseUrl, `ALTER TABLE orders DROP COLUMN "method"`);
    const failures = await smoke(base, sink);
    expect(failures).toContainEqual(expect.stringMatching(/^an order for a view .*: 500 /));
  }, 90_000);
});
