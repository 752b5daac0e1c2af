import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { FakeOAuthProvider } from '../../../api/test/fakes/oauth-provider';

const ROOT = resolve(__dirname, '../../../..');
/** The admin account the server creates from its configuration. */
export const E2E_ADMIN = { email: 'e2e-admin@example.cn', password: 'Adm1n!e2e' } as const;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/** A 2×2 PNG, inlined as the contact QR image (the CSP admits data: images). */
const E2E_QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAC0lEQVR4nGNgQAYAAA4AAamRc7EAAAAASUVORK5CYII=';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function waitForReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready`);
}

/** The settings every API process of the run shares: its port, database and Redis prefix, mail to the dev outbox. */
function serverEnv(port: number, databaseUrl: string, redisPrefix: string): NodeJS.ProcessEnv {
  const baseUrl = `http://localhost:${port}`;
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: redisPrefix,
    WEB_DIST: resolve(ROOT, 'dist/apps/web'),
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    DEV_OUTBOX: 'true',
    // One key for every process of the run, as replicas share it in production: each signs and checks the others'
    // access and refresh tokens.
    JWT_SECRET: 'web-e2e-secret-shared-by-every-process-of-the-run',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  };
}

/** A built API entry point (main.js, worker.js) as a process of its own. */
const startBuilt = (entry: string, env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, [`dist/apps/api/${entry}`], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

async function stopChild(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
}

/**
 * One more API process beside the run's own, on the same database and Redis prefix, with `settings` added: for a
 * test of a configuration the shared server does not have (Stripe's keys against a local fake, say), without
 * changing what every other test sees. Answers its address and how to stop it.
 */
export async function startApiReplica(
  settings: Record<string, string>,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const { inject } = await import('vitest');
  const port = await freePort();
  const env = { ...serverEnv(port, inject('databaseUrl'), inject('redisPrefix')), ...settings };
  const server = startBuilt('main.js', env);
  await waitForReady(env.PUBLIC_URL!, server);
  return { baseUrl: env.PUBLIC_URL!, stop: () => stopChild(server) };
}

/**
 * Starts what `npm start` starts (setup, then the API serving the built web app, and the worker) on a free port,
 * a database of its own and a Redis prefix of its own; drops them afterwards.
 */
export default async function setup(project: TestProject) {
  // GitHub sign-in goes to a local provider that consents at once; Google stays off.
  const github = new FakeOAuthProvider();
  github.consentingUser = {
    id: '4242',
    login: 'octo-e2e',
    emails: [{ email: 'octo-e2e@example.cn', verified: true, primary: true }],
  };
  await github.start();
  const port = await freePort();
  const runId = randomBytes(4).toString('hex');
  const databaseUrl = process.env.E2E_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/tt_e2e_${runId}`;
  const redisPrefix = `tt_e2e_${runId}`;
  const env: NodeJS.ProcessEnv = {
    ...serverEnv(port, databaseUrl, redisPrefix),
    ...github.env('GITHUB'),
    // The footer's filing notice and the contact page (customer-area §2), as a mainland deployment sets them.
    ICP_FILING: '京ICP备12345678号',
    RESULTS_URL: 'https://results.think-tank.example/list',
    CONTACT_EMAIL: 'service@think-tank.cn',
    CONTACT_PHONE: '400-800-1234',
    CONTACT_QR_URL: E2E_QR,
  };
  const baseUrl = env.PUBLIC_URL!;
  await run(process.execPath, ['dist/apps/api/cli.js', 'setup'], env);
  const server = startBuilt('main.js', env);
  // The stage jobs' worker, as `npm start` runs it beside the API; short steps keep the tests quick.
  const worker = startBuilt('worker.js', { ...env, GENERATOR_STEP_MS: '150' });
  await waitForReady(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('redisPrefix', redisPrefix);

  return async () => {
    await Promise.all([server, worker].map(stopChild));
    await github.stop();
    const { dropDatabase } = await import('../../../api/src/core/database/ensure-database');
    await dropDatabase(databaseUrl);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    redisPrefix: string;
  }
}
