import type { ChildProcess } from 'node:child_process';
import { verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { freePort } from './support/free-port';
import { spawnEntry } from './support/worker';
import { registerDemand, startupOrder } from './support/factories';
import { waitFor } from './support/wait';
import type Redis from 'ioredis';
import { MetricsLeader } from '../src/core/metrics/metrics-leader.service';
import { REDIS } from '../src/core/redis/redis.provider';

describe('Prometheus metrics (GET /metrics)', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await t.close();
    await sink.stop();
  });

  it('exposes request durations by route pattern, queue depths, orders by gateway and status and sockets', async () => {
    const u = await verifiedUser(t, sink, 'metrics');
    await t.http.get('/api/health/live').expect(200);
    await t.http
      .get('/api/demand-store/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${u.session.access_token}`)
      .expect(404);
    await t.http
      .post('/api/demand-store/register-demand')
      .set('Authorization', `Bearer ${u.session.access_token}`)
      .send({
        name: 'm',
        content: '门店库存周转慢',
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半。',
      })
      .expect(201);
    const res = await t.http.get('/metrics').expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]/,
    );
    // One series per route, not per id.
    expect(res.text).toContain('route="/api/demand-store/:id",status="404"');
    expect(res.text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(res.text).toMatch(/queue_jobs\{queue="demand-stages",state="waiting"\} \d+/);
    expect(res.text).toMatch(/queue_jobs\{queue="billing",state="delayed"\} \d+/);
    expect(res.text).toMatch(/^queue_oldest_waiting_seconds\{queue="mail"\} [\d.]+$/m);
    expect(res.text).toContain('dependency_up{dependency="postgresql"} 1');
    expect(res.text).toContain('dependency_up{dependency="redis"} 1');
    // Orders are counted at most once a minute, never per scrape: one made now shows at the next count.
    expect(res.text).not.toMatch(/orders\{gateway="sandbox",status="pending"\}/);
    const demands = await t.db.query(`SELECT id FROM demands`);
    await t.http
      .post('/api/payments/initiate-demand-startup')
      .set('Authorization', `Bearer ${u.session.access_token}`)
      .send({ demandId: demands[0].id })
      .expect(200);
    const again = await t.http.get('/metrics').expect(200);
    expect(again.text).not.toMatch(/orders\{gateway="sandbox",status="pending"\}/);
    expect(res.text).toContain('# TYPE socketio_connected_sockets gauge');
    expect(res.text).toContain('process_resident_memory_bytes');
  });

  it('reports the deployment-wide gauges from one replica at a time, another taking over when it stops', async () => {
    const shared = /^(queue_jobs|queue_oldest_waiting_seconds|orders)\{/m;
    const replica = await startTestApp({}, t);
    try {
      expect((await t.http.get('/metrics')).text).toMatch(shared);
      expect((await replica.http.get('/metrics')).text).not.toMatch(shared);
      // A clean stop hands the claim over: the replica reports within its next claim, 10 s at most. The stop comes
      // while a renewal is on its way (it used to land after the release, taking the claim back for 30 s).
      const leader = t.app.get(MetricsLeader);
      const renewal = (leader as unknown as { claim(): Promise<void> }).claim();
      await leader.onModuleDestroy();
      await renewal;
      expect(leader.isLeader).toBe(false);
      expect(await t.app.get<Redis>(REDIS).get('metrics:reporter')).toBeNull();
      expect((await t.http.get('/metrics')).text).not.toMatch(shared);
      await waitFor(async () => shared.test((await replica.http.get('/metrics')).text), 30_000);
      // It counts the orders when it first reports them: the pending start-up fee of the test above.
      expect((await replica.http.get('/metrics')).text).toMatch(
        /^orders\{gateway="sandbox",status="pending"\} 1$/m,
      );
      // Each replica still reports its own: requests, sockets, its view of the services.
      expect((await replica.http.get('/metrics')).text).toContain('dependency_up{dependency="redis"} 1');
    } finally {
      await replica.close();
    }
  });

  it('has the worker serve job durations on its own port', async () => {
    const port = await freePort();
    worker = spawnEntry(
      t,
      'worker',
      { GENERATOR_STEP_MS: '0', WORKER_METRICS_PORT: String(port), LOG_LEVEL: 'info' },
      true,
    );
    let log = '';
    worker.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const u = await verifiedUser(t, sink, 'jobs');
    const auth = { Authorization: `Bearer ${u.session.access_token}` };
    const demandId = await registerDemand(t, u);
    const pay = await startupOrder(t, auth, demandId);
    // The request that paid is named in the log lines of the stage job it queued, in the other process.
    await t.http.post(`${pay.paymentUrl}/pay`).set('X-Request-Id', 'req-pay-4711').expect(303);
    let text = '';
    await waitFor(async () => {
      text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
        (r) => r.text(),
        () => '',
      );
      // The log line reaches us through the child's stdout pipe, which may arrive after the metrics' answer.
      return (
        /queue_job_duration_seconds_count\{[^}]*outcome="completed"\} 1/.test(text) &&
        log.split('\n').some((l) => l.includes('req-pay-4711') && l.includes(' completed"'))
      );
    }, 60_000);
    // job_name, not job: Prometheus keeps `job` for the scrape job.
    expect(text).toMatch(
      /queue_job_duration_seconds_count\{queue="demand-stages",job_name="Startup",outcome="completed"\} 1/,
    );
    // Its own probes beside the metrics, for the pod's liveness and readiness.
    for (const probe of ['live', 'ready']) {
      const res = await fetch(`http://127.0.0.1:${port}/${probe}`);
      expect([res.status, await res.json()]).toEqual([200, { status: 'ok' }]);
    }
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({
        context: 'StageRunner',
        requestId: 'req-pay-4711',
        msg: expect.stringContaining('completed'),
      }),
    );
  });

  it('logs each request in one line, with its id, method, route, status and time, never its token', async () => {
    const port = await freePort();
    const api = spawnEntry(t, 'main', { PORT: String(port), LOG_LEVEL: 'info' }, true);
    let log = '';
    api.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      await waitFor(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health/live`).then(
            (r) => r.ok,
            () => false,
          ),
        60_000,
      );
      const res = await fetch(
        `http://127.0.0.1:${port}/api/solutions/00000000-0000-4000-8000-000000000000/view`,
        {
          headers: { 'x-request-id': 'req-log-1', authorization: 'Bearer not-a-real-token-but-secret' },
        },
      );
      expect(res.status).toBe(401);
      // A view ticket in the address is a credential, even spent: the log keeps its name only.
      await fetch(
        `http://127.0.0.1:${port}/api/solutions/00000000-0000-4000-8000-000000000000/view?ticket=spent-ticket-42`,
      );
      await waitFor(async () => log.includes('req-log-1') && log.includes('ticket='), 20_000);
      // The line is written as the response ends; give a second one, if any, the time to arrive.
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      api.kill('SIGTERM');
    }
    const lines = log
      .split('\n')
      .filter((l) => l.includes('req-log-1'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'req-log-1',
        req: expect.objectContaining({
          method: 'GET',
          url: '/api/solutions/00000000-0000-4000-8000-000000000000/view',
        }),
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
    ]);
    expect(log).not.toContain('not-a-real-token');
    expect(log).toContain('/view?ticket=[redacted]');
    expect(log).not.toContain('spent-ticket-42');
  });
});
