import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import { QueueName, type DemandDetail, type DemandEventPayload } from '@think-tank/contracts';
import type { Queue } from 'bull';
import Redis from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { queuePrefix } from '../src/core/queue/legacy-queues.service';
import { StageSweeper } from '../src/modules/workshop/jobs/stage-sweeper.service';
import { FakeLlmServer, VALID_OUTPUT } from './fakes/llm-server';
import { bearer, verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { spawnWorker, startTestWorker } from './support/worker';
import { waitFor } from './support/wait';
import { paidDemand, startupOrder, paySandbox } from './support/factories';

type User = Awaited<ReturnType<typeof verifiedUser>>;

/** Helpers over one app: a demand whose start-up is paid in the sandbox, its state and its events. */
function workshop(get: () => TestApp) {
  const h = {
    detail: async (u: User, id: string) =>
      (await get().http.get(`/api/demand-store/${id}`).set(bearer(u)).expect(200)).body as DemandDetail,
    events: async (u: User, id: string) =>
      (await get().http.get(`/api/demand-store/${id}/events`).set(bearer(u)).expect(200))
        .body as DemandEventPayload[],
    paidDemand: (u: User) => paidDemand(get(), bearer(u)),
    status: (u: User, id: string, status: string) =>
      waitFor(async () => {
        const d = await h.detail(u, id);
        return d.stagesData.Startup.status === status && d;
      }),
  };
  return h;
}

/** An app whose worker a test starts when it wants: until then, the jobs it queues wait in Redis. */
function withLateWorker() {
  const late = {
    sink: new SmtpSink(),
    t: undefined as unknown as TestApp,
    worker: undefined as INestApplicationContext | undefined,
  };
  beforeAll(async () => {
    late.t = await startTestApp({ SMTP_URL: await late.sink.start(), GENERATOR_STEP_MS: '0' });
  });
  afterAll(async () => {
    await late.worker?.close();
    await late.t.close();
    await late.sink.stop();
  });
  return late;
}

/** An app and its worker generating through the local OpenAI-compatible fake, started and stopped by Jest hooks. */
function withModel(env: Record<string, string>) {
  const m = {
    sink: new SmtpSink(),
    llm: new FakeLlmServer(),
    t: undefined as unknown as TestApp,
    worker: undefined as unknown as INestApplicationContext,
  };
  beforeAll(async () => {
    m.t = await startTestApp({ SMTP_URL: await m.sink.start(), LLM_BASE_URL: await m.llm.start(), ...env });
    m.worker = await startTestWorker(m.t);
  });
  afterAll(async () => {
    await m.worker.close();
    await m.t.close();
    await Promise.all([m.sink.stop(), m.llm.stop()]);
  });
  return m;
}

describe('stage generation through an OpenAI-compatible endpoint', () => {
  // Today's behaviour: the stage fails when the model does (the default writes it with the built-in generator).
  const m = withModel({ LLM_API_KEY: 'sk-test', LLM_MODEL: 'test-model', LLM_FALLBACK: 'none' });
  const { llm } = m;
  let u: User;
  const h = workshop(() => m.t);
  beforeAll(async () => {
    u = await verifiedUser(m.t, m.sink, 'llm');
  });

  it('asks again after invalid JSON or a wrong shape, and keeps the valid answer', async () => {
    llm.queue.push(
      { text: '这不是 JSON {' },
      { text: JSON.stringify({ ...VALID_OUTPUT, achieves: [{ a: {}, b: {} }] }) },
      { text: JSON.stringify(VALID_OUTPUT) },
    );
    const id = await h.paidDemand(u);
    const d = await h.status(u, id, 'Completed');
    expect(d.stagesData.Startup.output).toMatchObject({ ...VALID_OUTPUT, generator: 'llm' });
    const warnings = (await h.events(u, id)).filter((e) => e.messageType === 'WARNING');
    expect(warnings.map((w) => w.details)).toEqual([
      '返回内容不是有效的 JSON',
      '字段格式不符：output.achieves[0]',
    ]);
    const last = llm.requests.at(-1)!;
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({ model: 'test-model', stream: true });
    expect(JSON.stringify(last.body.messages)).toContain('库存周转天数从45天降到30天');
    // Asked for the demand's language (issue 21).
    expect((last.body.messages as { content: string }[])[0].content).toMatch(/全部文字使用中文。$/);
  });

  it('waits the Retry-After a 429 names before asking again', async () => {
    llm.queue.push({ status: 429, retryAfter: 1 }, { text: JSON.stringify(VALID_OUTPUT) });
    const before = llm.requests.length;
    const id = await h.paidDemand(u);
    const d = await h.status(u, id, 'Completed');
    expect(d.stagesData.Startup.output?.generator).toBe('llm');
    const [limited, again] = llm.requests.slice(before);
    expect(again.at - limited.at).toBeGreaterThanOrEqual(1000);
    const busy = (await h.events(u, id)).find((e) => e.messageType === 'WARNING');
    expect(busy).toMatchObject({
      message: '语言模型暂时不可用，1 秒后重试',
      details: '语言模型服务返回 HTTP 429',
    });
  });

  it('marks the stage Error after 3 failed attempts with a readable message, then a retry succeeds', async () => {
    llm.fallback = { status: 502 };
    const id = await h.paidDemand(u);
    const failed = await h.status(u, id, 'Error');
    expect(failed.overallStatus).toBe('Error');
    expect(failed.stagesData.Startup.errorMessage).toBe('语言模型服务返回 HTTP 502');
    const history = await h.events(u, id);
    expect(
      history.filter((e) => e.messageType === 'WARNING' && e.message.startsWith('生成失败，将自动重试')),
    ).toHaveLength(2);
    expect(history.filter((e) => e.event === 'demand_error')).toHaveLength(1);
    const messages = (await m.t.http.get('/api/messages').set(bearer(u)).expect(200)).body.messages;
    expect(messages[0].title).toBe('阶段处理失败');

    llm.fallback = { text: JSON.stringify(VALID_OUTPUT) };
    const retried = await m.t.http
      .put(`/api/demand-store/${id}/retry-stage?stage=Startup`)
      .set(bearer(u))
      .expect(200);
    expect(retried.body.stagesData.Startup.errorMessage).toBeNull();
    const done = await h.status(u, id, 'Completed');
    expect(done.overallStatus).toBe('Completed');
    expect((await h.events(u, id)).filter((e) => e.event === 'demand_completed')).toHaveLength(1);
  }, 60_000);
});

describe('a model that keeps failing, with the built-in generator to fall back on (LLM_FALLBACK=builtin)', () => {
  const m = withModel({ GENERATOR_STEP_MS: '0' });
  const h = workshop(() => m.t);

  it('writes the paid stage with the built-in generator after three 500s, and says so', async () => {
    m.llm.fallback = { status: 500 };
    const u = await verifiedUser(m.t, m.sink, 'fallback');
    const id = await h.paidDemand(u);
    const d = await h.status(u, id, 'Completed');
    expect(d.stagesData.Startup.output?.generator).toBe('builtin');
    expect(d.stagesData.Startup.output?.suggested_modules.length).toBeGreaterThan(0);
    expect(m.llm.requests).toHaveLength(3);
    const warnings = (await h.events(u, id)).filter((e) => e.messageType === 'WARNING');
    expect(warnings.at(-1)).toMatchObject({
      message: '语言模型多次失败，已改用内置生成器生成本阶段',
      details: '语言模型服务返回 HTTP 500',
    });
    expect(warnings.filter((w) => w.message.startsWith('语言模型暂时不可用'))).toHaveLength(2);
  });
});

describe('a worker killed mid-stage', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  let child: ChildProcess | undefined;
  let replacement: ChildProcess | undefined;
  const h = workshop(() => t);

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    replacement?.kill('SIGTERM');
    await t.close();
    await sink.stop();
  });

  it('is picked up again after a restart, and the stage completes once with one set of files', async () => {
    const u = await verifiedUser(t, sink, 'killed');
    // Slow steps, so that the kill lands in the middle of the generation.
    child = spawnWorker(t, { GENERATOR_STEP_MS: '2000' });
    const id = await h.paidDemand(u);
    await waitFor(async () => (await h.events(u, id)).some((e) => e.messageType === 'DETAIL'));
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    expect((await h.detail(u, id)).stagesData.Startup.status).toBe('Processing');

    replacement = spawnWorker(t, { GENERATOR_STEP_MS: '0' });
    // The new worker starts, Bull finds the job stalled and runs it again: 10-20 s alone, up to a minute beside the
    // browser suite on a slow 2-core machine (once 45 s were not enough).
    const done = await waitFor(async () => {
      const d = await h.detail(u, id);
      return d.stagesData.Startup.status === 'Completed' && d;
    }, 100_000);
    expect(done.overallStatus).toBe('Completed');
    const history = await h.events(u, id);
    expect(history.filter((e) => e.event === 'demand_completed')).toHaveLength(1);
    const files = await t.db.query(`SELECT path FROM demand_files WHERE "demandId" = $1 ORDER BY path`, [id]);
    expect(files.map((f: { path: string }) => f.path)).toEqual([
      'data/startup.json',
      'indexp.html',
      'startup.html',
    ]);
    const [{ history: versions }] = await t.db.query(
      `SELECT history FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id],
    );
    expect(versions).toEqual([]);
  }, 150_000);
});

describe('a stage job that stalls past its limit', () => {
  const late = withLateWorker();
  const h = workshop(() => late.t);

  it('ends the stage in Error with a readable message, and a retry then completes it', async () => {
    const u = await verifiedUser(late.t, late.sink, 'stalled');
    // No worker yet: the paid Startup's job waits in Redis.
    const id = await h.paidDemand(u);
    const [{ run }] = await late.t.db.query(
      `SELECT run FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id],
    );
    // As Bull would leave it after a worker died with it twice (maxStalledCount) and a third time now: active,
    // unlocked, counted stalled twice, and in the set the next stalled check looks at. The stage says Processing.
    const redis = new Redis(late.t.config.redis.url);
    const key = (k: string) => `${queuePrefix(late.t.config.redisPrefix)}:demand-stages:${k}`;
    const jobId = `${id}:Startup:${run}`;
    await redis
      .multi()
      .lrem(key('wait'), 0, jobId)
      .lpush(key('active'), jobId)
      .hset(key(jobId), 'stalledCounter', 2)
      .sadd(key('stalled'), jobId)
      .exec();
    await redis.quit();
    await late.t.db.query(
      `UPDATE demand_stages SET status = 'Processing' WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id],
    );
    // A worker starts; its stalled check (every 5 s) fails the job, and the stage must not stay Processing.
    late.worker = await startTestWorker(late.t);
    const failed = await waitFor(async () => {
      const d = await h.detail(u, id);
      return d.stagesData.Startup.status === 'Error' && d;
    }, 60_000);
    expect(failed.stagesData.Startup.errorMessage).toBe('生成过程多次中断，已停止自动重试，请重试该阶段。');
    expect((await h.events(u, id)).at(-1)).toMatchObject({ event: 'demand_error' });
    await late.t.http.put(`/api/demand-store/${id}/retry-stage?stage=Startup`).set(bearer(u)).expect(200);
    await h.status(u, id, 'Completed');
  });
});

describe('a refunded fee whose stage has not run', () => {
  const late = withLateWorker();
  const h = workshop(() => late.t);

  it('cancels the stage: it waits for its fee again, its queued job does nothing, a new payment runs it', async () => {
    const u = await verifiedUser(late.t, late.sink, 'unrun');
    const admin = await verifiedUser(late.t, late.sink, 'unrunadmin');
    await late.t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.session.user.id]);
    // No worker yet: the paid Startup waits, queued.
    const id = await h.paidDemand(u);
    expect((await h.detail(u, id)).stagesData.Startup.status).toBe('Queued');
    const [order] = await late.t.db.query(`SELECT id FROM orders WHERE "subjectId" = $1`, [id]);
    await late.t.http.post(`/api/admin/orders/${order.id}/refund`).set(bearer(admin)).expect(200);
    const canceled = await h.detail(u, id);
    expect(canceled.overallStatus).toBe('PendingInput');
    expect(canceled.stagesData.Startup).toMatchObject({ status: 'PendingInput', paymentStatus: 'Pending' });

    // The job queued for the refunded run finds nothing to do.
    late.worker = await startTestWorker(late.t);
    const queue = late.t.app.get<Queue>(getQueueToken(QueueName.demandStages));
    const jobId = `${id}:Startup:1`;
    const job = await waitFor(async () => {
      const j = await queue.getJob(jobId);
      // Read again once completed: the copy read before may be from while it ran, without its return value.
      return j && (await j.isCompleted()) ? ((await queue.getJob(jobId)) ?? undefined) : undefined;
    });
    expect(job.returnvalue).toEqual({ completed: false });
    expect((await h.detail(u, id)).stagesData.Startup.status).toBe('PendingInput');

    const pay = await startupOrder(late.t, bearer(u), id);
    await paySandbox(late.t, pay.paymentUrl);
    await h.status(u, id, 'Completed');
  });
});

describe('the sweep for stages without a live job', () => {
  const late = withLateWorker();
  const h = workshop(() => late.t);

  it('re-queues a stage whose job is gone and ends one whose job failed unheard in Error; support sees it', async () => {
    const u = await verifiedUser(late.t, late.sink, 'swept');
    const support = await verifiedUser(late.t, late.sink, 'sweepsupport');
    await late.t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [support.session.user.id]);
    late.worker = await startTestWorker(late.t);
    const queue = late.t.app.get<Queue>(getQueueToken(QueueName.demandStages));
    const repeatable = await queue.getRepeatableJobs();
    expect(repeatable.map((r) => [r.name, r.every])).toContainEqual(['sweep-stages', 300_000]);
    // Held: nothing runs while the two stages lose their jobs.
    await queue.pause();
    const lost = await h.paidDemand(u);
    const failedUnheard = await h.paidDemand(u);
    await (await queue.getJob(`${lost}:Startup:1`))!.remove();
    // Failed as Bull leaves it when the worker that failed it died before recording it: no event fires here.
    const redis = new Redis(late.t.config.redis.url);
    const key = (k: string) => `${queuePrefix(late.t.config.redisPrefix)}:demand-stages:${k}`;
    const doomed = `${failedUnheard}:Startup:1`;
    await redis
      .multi()
      .lrem(key('paused'), 0, doomed)
      .lrem(key('wait'), 0, doomed)
      .zadd(key('failed'), Date.now(), doomed)
      .hset(key(doomed), 'failedReason', 'worker lost', 'finishedOn', Date.now())
      .exec();

    // Younger than the idle guard: left alone.
    const sweeper = late.worker.get(StageSweeper);
    expect(await sweeper.sweep()).toMatchObject({ checked: 0 });
    // A job that failed just now is its worker's failure handler's to record (a start-up sweep raced it): left.
    expect(await sweeper.sweep(0)).toMatchObject({
      checked: 2,
      requeued: [`${lost}:Startup:1`],
      errored: [],
    });
    await redis.hset(key(doomed), 'finishedOn', Date.now() - 60_000);
    await redis.quit();
    const report = await sweeper.sweep(0);
    expect(report).toMatchObject({ checked: 2, requeued: [], errored: [`${failedUnheard}:Startup:1`] });
    const failed = await h.detail(u, failedUnheard);
    expect(failed.stagesData.Startup).toMatchObject({
      status: 'Error',
      errorMessage: '生成任务已中断，未能完成，请重试该阶段。',
    });
    expect((await h.events(u, failedUnheard)).at(-1)).toMatchObject({ event: 'demand_error' });
    const queues = await late.t.http.get('/api/admin/queues').set(bearer(support)).expect(200);
    const stages = queues.body.find((q: { name: string }) => q.name === QueueName.demandStages);
    expect(stages.lastSweep).toMatchObject({
      checked: 2,
      requeued: report.requeued,
      errored: report.errored,
    });

    await queue.resume();
    await h.status(u, lost, 'Completed');
    await late.t.http
      .put(`/api/demand-store/${failedUnheard}/retry-stage?stage=Startup`)
      .set(bearer(u))
      .expect(200);
    await waitFor(async () => (await h.detail(u, failedUnheard)).stagesData.Startup.status === 'Completed');
  });
});
