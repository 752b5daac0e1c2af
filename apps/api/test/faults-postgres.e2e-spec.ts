import { DemandSocketEvent, PROCESSING_FINISHED } from '@think-tank/contracts';
import type { ChildProcess } from 'node:child_process';
import { io } from 'socket.io-client';
import { verifiedUser } from './support/accounts';
import {
  createSolution,
  insertUser,
  registerDemand,
  startupCompleted,
  startupOrder,
  paySandbox,
} from './support/factories';
import { freePort } from './support/free-port';
import { SmtpSink } from './support/smtp-sink';
import { call, proxiedDatabase, spawnApi } from './support/spawned-api';
import { TcpProxy } from './support/tcp-proxy';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { spawnEntry } from './support/worker';

/** PostgreSQL cut off from an API or a worker (a proxy of the test's own), then back (contract §10). */
describe('an API process through a PostgreSQL outage (contract §10)', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  let api: ChildProcess;
  let proxy: TcpProxy;
  let base = '';
  const search = () => call(base, `/api/solutions/search?query=${encodeURIComponent('港口')}`);

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
    await createSolution(t, { projectName: '智慧港口调度', html: '<h1>港口</h1>' });
    const db = await proxiedDatabase(t);
    proxy = db.proxy;
    ({ api, base } = await spawnApi(t, { DATABASE_URL: db.url }));
  }, 90_000);
  afterAll(async () => {
    api?.kill('SIGKILL');
    await proxy.down();
    await t.close();
    await sink.stop();
  }, 60_000);

  it('stays up, answers 503 SERVICE_UNAVAILABLE for what needs the database, then resumes', async () => {
    expect((await search()).status).toBe(200);
    await proxy.down();
    await waitFor(async () => (await call(base, '/api/health/ready')).status === 503, 30_000);
    expect((await call(base, '/api/health/live')).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await call(base, '/metrics')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(api.exitCode).toBeNull();

    await proxy.up();
    await waitFor(async () => (await call(base, '/api/health/ready')).status === 200, 20_000);
    expect((await search()).status).toBe(200);
    expect(api.exitCode).toBeNull();
  }, 60_000);

  it('closes a socket whose subscription it cannot judge, refuses handshakes as UNAVAILABLE, and admits it again after', async () => {
    const u = await verifiedUser(t, sink, 'pgsocket');
    const demandId = await registerDemand(t, u);
    const socket = io(`${base}/demand-events`, {
      auth: { token: u.session.access_token },
      transports: ['websocket'],
      reconnection: false,
    });
    const next = <T>(event: string) => new Promise<T>((ok) => socket.once(event, (value: T) => ok(value)));
    try {
      await next('connect');
      await proxy.down();
      await waitFor(async () => (await call(base, '/api/health/ready')).status === 503, 30_000);
      // Not "not yours", which would be final: closed, so that the client comes back and asks again.
      const closed = next<string>('disconnect');
      socket.emit(DemandSocketEvent.subscribe, { demandId });
      expect(await closed).toBe('io server disconnect');
      const refused = next<Error>('connect_error');
      socket.connect();
      expect((await refused).message).toBe('UNAVAILABLE');

      await proxy.up();
      await waitFor(async () => (await call(base, '/api/health/ready')).status === 200, 20_000);
      const back = next('connect');
      socket.connect();
      await back;
      const subscribed = next<{ demandId: string }>(DemandSocketEvent.subscribed);
      socket.emit(DemandSocketEvent.subscribe, { demandId });
      expect(await subscribed).toEqual({ demandId });
    } finally {
      socket.close();
    }
  }, 60_000);
});

describe('a stage job through a PostgreSQL outage (contract §10)', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  let worker: ChildProcess;
  let proxy: TcpProxy;
  let metricsPort = 0;

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
    const db = await proxiedDatabase(t);
    proxy = db.proxy;
    metricsPort = await freePort();
    // The worker alone reaches PostgreSQL through the proxy; the API keeps its own connection.
    worker = spawnEntry(t, 'worker', {
      DATABASE_URL: db.url,
      GENERATOR_STEP_MS: '0',
      WORKER_METRICS_PORT: String(metricsPort),
    });
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => null))?.status === 200,
      60_000,
    );
  }, 90_000);
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await proxy.down();
    await t.close();
    await sink.stop();
  }, 60_000);

  it('waits for the database and completes the paid stage once, instead of spending its attempts on the outage', async () => {
    // Set up without the mail round trip: the worker under test also consumes the mail queue.
    const owner = await insertUser(t);
    const demandId = await registerDemand(t, owner.auth);
    await proxy.down();
    const pay = await startupOrder(t, owner.auth, demandId);
    await paySandbox(t, pay.paymentUrl);
    // Longer than the job's three attempts, 2 s and 4 s apart.
    await new Promise((r) => setTimeout(r, 10_000));
    // Ready all along: a shared database's outage takes no worker out (readiness is local).
    expect((await fetch(`http://127.0.0.1:${metricsPort}/ready`)).status).toBe(200);
    await proxy.up();

    await startupCompleted(t, demandId);
    const completed = await t.db.query(
      `SELECT count(*)::int AS n FROM demand_events WHERE "demandId" = $1 AND event = 'demand_completed'`,
      [demandId],
    );
    expect(completed[0].n).toBe(1);
    // Contract §8: the run ends with one 处理完成 (processing finished) before its demand_completed.
    const finished = await t.db.query(
      `SELECT count(*)::int AS n FROM demand_events WHERE "demandId" = $1 AND "messageType" = 'IMPORTANT' AND message = $2`,
      [demandId, PROCESSING_FINISHED],
    );
    expect(finished[0].n).toBe(1);
    expect(worker.exitCode).toBeNull();
  }, 90_000);
});
