import { waitFor } from './wait';
import { freePort } from './free-port';
import { TcpProxy } from './tcp-proxy';
import type { TestApp } from './test-app';
import { spawnEntry } from './worker';

/** A request to a spawned API, answered with its status and JSON body (or text). */
export async function call(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* text */
  }
  return { status: res.status, body: body as Record<string, unknown> };
}

/** A JSON POST, for `call`. */
export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The real API entry point as its own process, on a free port, once it is ready. */
export async function spawnApi(t: TestApp, env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = spawnEntry(t, 'main', { ...env, PORT: String(port), PUBLIC_URL: base });
  await waitFor(
    async () => (await call(base, '/api/health/ready').catch(() => null))?.status === 200,
    60_000,
  );
  return { api, base };
}

/** A TCP proxy of the test's own in front of the test database, and the database URL through it. */
export async function proxiedDatabase(t: TestApp) {
  const db = new URL(t.config.databaseUrl);
  const proxy = new TcpProxy(db.hostname, Number(db.port || 5432));
  await proxy.up();
  db.hostname = '127.0.0.1';
  db.port = String(proxy.port);
  return { proxy, url: db.toString() };
}
