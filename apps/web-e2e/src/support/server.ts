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
  const baseUrl = `http://localhost:${port}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/tt_e2e_${runId}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? databaseUrl,
    REDIS_PREFIX: `tt_e2e_${runId}`,
    WEB_DIST: resolve(ROOT, 'dist/apps/web'),
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    DEV_OUTBOX: 'true',
    ...github.env('GITHUB'),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // The footer's filing notice and the contact page (customer-area §2), as a mainland deployment sets them.
    ICP_FILING: '京ICP备12345678号',
    CONTACT_EMAIL: 'service@think-tank.cn',
    CONTACT_PHONE: '400-800-1234',
    CONTACT_QR_URL: E2E_QR,
  };
  await run(process.execPath, ['dist/apps/api/cli.js', 'setup'], env);
  const server = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The stage jobs' worker, as `npm start` runs it beside the API; short steps keep the tests quick.
  const worker = spawn(process.execPath, ['dist/apps/api/worker.js'], {
    cwd: ROOT,
    env: { ...env, GENERATOR_STEP_MS: '150' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', env.DATABASE_URL);
  project.provide('redisPrefix', env.REDIS_PREFIX);

  return async () => {
    for (const child of [server, worker]) {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    }
    await github.stop();
    const { dropDatabase } = await import('../../../api/src/core/database/ensure-database');
    await dropDatabase(env.DATABASE_URL);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    redisPrefix: string;
  }
}
