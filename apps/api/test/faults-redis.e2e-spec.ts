import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import Redis from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { io } from 'socket.io-client';
import { redisShortcomings } from '../src/core/redis/redis-requirements';
import { bearer, newAccount, verifiedUser } from './support/accounts';
import { createSolution, registerDemand, startupCompleted } from './support/factories';
import { PrivateRedis } from './support/private-redis';
import { SmtpSink } from './support/smtp-sink';
import { call, json, spawnApi } from './support/spawned-api';
import { startTestApp, type TestApp } from './support/test-app';
import { readTestEnv } from './support/test-env';
import { waitFor } from './support/wait';
import { startTestWorker } from './support/worker';

/** Redis lost, restarted empty or not what the worker needs: no process ends, nothing waits forever (contract §10). */
describe('an API process through a Redis outage (contract §10)', () => {
  const sink = new SmtpSink();
  const redis = new PrivateRedis();
  let t: TestApp;
  let api: ChildProcess;
  let base = '';

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
    await createSolution(t, { projectName: '冷链仓储温控', html: '<h1>冷链</h1>' });
    await redis.start();
    // On this test's database and its own Redis.
    ({ api, base } = await spawnApi(t, { REDIS_URL: redis.url }));
  }, 90_000);
  afterAll(async () => {
    api?.kill('SIGKILL');
    await redis.stop();
    await t.close();
    await sink.stop();
  }, 60_000);

  it('stays up, answers 503 SERVICE_UNAVAILABLE where it needs Redis and serves the rest, then resumes', async () => {
    const u = await verifiedUser(t, sink, 'outage');
    // A paid reader: the account's answer counts their views in Redis.
    await t.db.query(`UPDATE users SET "isPaid" = true WHERE id = $1`, [u.session.user.id]);
    // A second device of the reader's, which logs out during the outage (its own session only).
    const device = (
      await t.http.post('/api/auth/login').send({ username: u.username, password: u.password }).expect(200)
    ).body as { refresh_token: string };
    const stranger = newAccount('outage');
    const watcher = await verifiedUser(t, sink, 'watcher');
    const bell = io(`${base}/notifications`, {
      auth: { token: watcher.session.access_token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((ok) => bell.once('connect', () => ok()));
    const closedByServer = new Promise((ok) => bell.on('disconnect', (reason) => ok(reason)));
    await redis.stop();
    await waitFor(async () => (await call(base, '/api/health/deps')).status === 503, 30_000);
    expect((await call(base, '/api/health/ready')).status).toBe(503);
    expect((await call(base, '/api/health/live')).status).toBe(200);
    // Readiness is local: an outage of a shared service takes no replica out of its Service.
    expect(await call(base, '/ready')).toMatchObject({ status: 200, body: { status: 'ok' } });

    // A socket that comes and goes meanwhile subscribes to its rooms and leaves them: the subscriptions wait for
    // Redis, they fail nothing (the process's unhandled rejections are counted below).
    const passer = io(`${base}/notifications`, {
      auth: { token: u.session.access_token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((ok) => passer.once('connect', () => ok()));
    passer.close();

    // A logout pushes "close your sockets" through Redis: the push is lost, the process is not.
    const logout = await call(base, '/api/auth/logout', json({ refresh_token: device.refresh_token }));
    expect(logout.status).toBe(204);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(api.exitCode).toBeNull();

    // A login takes its attempt in Redis first: the one error body, in the reader's language.
    const zh = await call(base, '/api/auth/login', json({ username: stranger.email, password: 'x' }));
    expect(zh.status).toBe(503);
    expect(zh.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/[一-龥]/) });
    const en = await call(
      base,
      '/api/auth/login',
      json({ username: stranger.email, password: 'x' }, { 'accept-language': 'en-US' }),
    );
    expect(en.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/^[A-Z]/) });

    // A mail is queued in Redis (Bull): refused at once too, not after ioredis's long default retries (20 of them,
    // up to 2 s apart). 10 s tells the two apart on a loaded 2-core machine too, where 3 s once took 3,121 ms.
    const started = Date.now();
    const mail = await call(base, '/api/auth/forgot-password', json({ email: stranger.email }));
    expect(mail.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(10_000);

    // What needs only PostgreSQL keeps working.
    const search = await call(base, `/api/solutions/search?query=${encodeURIComponent('冷链')}`);
    expect(search.status).toBe(200);
    expect((search.body.list as unknown[]).length).toBeGreaterThan(0);
    const me = await call(base, '/api/auth/me', { headers: bearer(u) });
    expect(me.status).toBe(200);
    // The views left are unknown while Redis is away; the rest of the answer is not.
    expect(me.body.allowances).toEqual({ dailyViewLimit: 20, dailyViewsLeft: null, vipStartupsLeft: null });
    const metrics = await call(base, '/metrics');
    expect(metrics.status).toBe(200);
    expect(String(metrics.body)).toContain('process_unhandled_rejections_total 0');

    // Redis returns: ready again without a restart, and a login is judged again.
    await redis.start();
    await waitFor(async () => (await call(base, '/api/health/ready')).status === 200, 20_000);
    const again = await call(base, '/api/auth/login', json({ username: u.email, password: u.password }));
    expect(again.status).toBe(200);
    // Pushes made meanwhile were lost: the socket is closed by the server, so that its client reconnects and catches up.
    await expect(closedByServer).resolves.toBe('io server disconnect');
    expect(api.exitCode).toBeNull();
  }, 60_000);
});

describe('what the worker needs of Redis', () => {
  const evicting = new PrivateRedis(['--maxmemory-policy', 'allkeys-lru']);
  beforeAll(() => evicting.start());
  afterAll(() => evicting.stop());

  it('is met by the Redis the tests run on, and an evicting one is warned about', async () => {
    const shared = new Redis(readTestEnv().redisUrl);
    const other = new Redis(evicting.url);
    try {
      expect(await redisShortcomings(shared)).toEqual([]);
      expect(await redisShortcomings(other)).toEqual([
        expect.stringContaining('maxmemory-policy is allkeys-lru: set it to noeviction'),
      ]);
    } finally {
      shared.disconnect();
      other.disconnect();
    }
  });
});

describe('the scheduled jobs with two workers (contract §10)', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  const workers: INestApplicationContext[] = [];
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await t.close();
    await sink.stop();
  });

  it('keeps one schedule, and one pending run, per job whatever the number of workers', async () => {
    workers.push(await startTestWorker(t), await startTestWorker(t));
    for (const [name, scheduled] of [
      [QueueName.billing, [JobName.expireSubscriptions, JobName.reconcileOrders, JobName.retryRefunds]],
      [QueueName.demandStages, [JobName.sweepStages]],
    ] as const) {
      const queue = t.app.get<Queue>(getQueueToken(name));
      const repeatable = await queue.getRepeatableJobs();
      const delayed = await queue.getDelayed();
      for (const job of scheduled) {
        expect(repeatable.filter((r) => r.name === job)).toHaveLength(1);
        expect(delayed.filter((d) => d.name === job)).toHaveLength(1);
      }
    }
  });
});

describe('a Redis that restarts empty (contract §10)', () => {
  const sink = new SmtpSink();
  const redis = new PrivateRedis();
  let t: TestApp;
  let worker: INestApplicationContext;
  beforeAll(async () => {
    await redis.start();
    t = await startTestApp({ SMTP_URL: await sink.start(), REDIS_URL: redis.url, GENERATOR_STEP_MS: '0' });
    worker = await startTestWorker(t);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
    await redis.stop();
    await sink.stop();
  }, 60_000);

  it('has the worker put its schedules back and run a paid stage whose job Redis lost', async () => {
    const u = await verifiedUser(t, sink, 'emptyredis');
    const demandId = await registerDemand(t, u);
    // Paid and committed, its job queued in a Redis that then restarts without it.
    await t.db.query(
      `UPDATE demand_stages SET status = 'Queued', "paymentStatus" = 'Paid', run = 1 WHERE "demandId" = $1 AND stage = 'Startup'`,
      [demandId],
    );
    await redis.stop();
    await redis.start();

    await startupCompleted(t, demandId);
    for (const [name, job] of [
      [QueueName.billing, JobName.expireSubscriptions],
      [QueueName.billing, JobName.reconcileOrders],
      [QueueName.billing, JobName.retryRefunds],
      [QueueName.demandStages, JobName.sweepStages],
    ] as const) {
      const repeatable = await t.app.get<Queue>(getQueueToken(name)).getRepeatableJobs();
      expect(repeatable.filter((r) => r.name === job)).toHaveLength(1);
    }
  }, 60_000);
});

describe('adding a job while Redis is down', () => {
  const redis = new PrivateRedis();
  let t: TestApp;
  beforeAll(async () => {
    await redis.start();
    t = await startTestApp({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await redis.start();
    await t.close();
    await redis.stop();
  }, 60_000);

  it('fails within 2 s (a 503 for the request), and works again when Redis is back', async () => {
    const queue = t.app.get<Queue>(getQueueToken(QueueName.mail));
    await queue.add(JobName.sendMail, { to: 'a@example.cn' }, { delay: 60_000 });
    await redis.stop();
    const started = Date.now();
    const failed = await queue.add(JobName.sendMail, { to: 'b@example.cn' }).catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(2_000);
    await redis.start();
    await waitFor(
      async () =>
        (await queue.add(JobName.sendMail, { to: 'c@example.cn' }, { delay: 60_000 }).catch(() => null)) !==
        null,
      15_000,
    );
  });
});
