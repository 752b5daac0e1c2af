import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import { QueueName, Role, type DemandDetail } from '@think-tank/contracts';
import type { Job, Queue } from 'bull';
import { insertUser, paidDemand, startupCompleted } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { startTestWorker } from './support/worker';

type Auth = Record<string, string>;

/** Contract §11 "Refunds take back what they paid for", for the workshop's fees. */
function workshop(get: () => TestApp) {
  const h = {
    detail: async (auth: Auth, id: string) =>
      (await get().http.get(`/api/demand-store/${id}`).set(auth).expect(200)).body as DemandDetail,
    feeOrder: async (demandId: string, stage = 'Startup') =>
      (
        await get().db.query(`SELECT id FROM orders WHERE "subjectId" = $1 AND "subjectPart" = $2`, [
          demandId,
          stage,
        ])
      )[0].id as string,
    refund: (admin: Auth, orderId: string) =>
      get().http.post(`/api/admin/orders/${orderId}/refund`).set(admin),
    /** The stage job of this run, once Bull has finished with it (read again then: an earlier copy lacks its value). */
    finishedJob: (demandId: string, run = 1) => {
      const queue = get().app.get<Queue>(getQueueToken(QueueName.demandStages));
      const jobId = `${demandId}:Startup:${run}`;
      return waitFor(async () => {
        const job = await queue.getJob(jobId);
        return job && ((await job.isCompleted()) || (await job.isFailed()))
          ? ((await queue.getJob(jobId)) as Job)
          : undefined;
      });
    },
    startupStatus: async (demandId: string) =>
      (
        await get().db.query(`SELECT status FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`, [
          demandId,
        ])
      )[0].status as string,
    completedEvents: async (demandId: string) =>
      Number(
        (
          await get().db.query(
            `SELECT count(*) AS n FROM demand_events WHERE "demandId" = $1 AND event = 'demand_completed'`,
            [demandId],
          )
        )[0].n,
      ),
  };
  return h;
}

describe('a refunded stage fee, before its stage ran to the end', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  const h = workshop(() => t);

  beforeAll(async () => {
    t = await startTestApp({ GENERATOR_STEP_MS: '0' });
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it('puts a failed stage back to awaiting its fee: retry is 402 for owner and support, and its job runs nothing', async () => {
    const owner = await insertUser(t);
    const admin = await insertUser(t, Role.Admin);
    const support = await insertUser(t, Role.Support);
    // No worker yet: the paid Startup's job waits in Redis; its run then fails (as after three attempts).
    const id = await paidDemand(t, owner.auth);
    await t.db.query(
      `UPDATE demand_stages SET status = 'Error', "errorMessage" = '语言模型服务返回 HTTP 502'
        WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id],
    );
    await t.db.query(`UPDATE demands SET "overallStatus" = 'Error' WHERE id = $1`, [id]);

    // The buyer asks for the money back, as a failed stage's buyer does; support sees it was not delivered.
    const orderId = await h.feeOrder(id);
    const listed = await t.http.get(`/api/admin/orders?userId=${owner.id}`).set(admin.auth).expect(200);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: orderId, delivered: false })]);
    await h.refund(admin.auth, orderId).expect(200);
    const refunded = await h.detail(owner.auth, id);
    expect(refunded.overallStatus).toBe('PendingInput');
    expect(refunded.stagesData.Startup).toMatchObject({
      status: 'PendingInput',
      paymentStatus: 'Pending',
      errorMessage: null,
      fee: { amount: 2900, currency: 'CNY' },
    });

    const retry = await t.http.put(`/api/demand-store/${id}/retry-stage?stage=Startup`).set(owner.auth);
    expect(retry.status).toBe(402);
    expect(retry.body).toMatchObject({ code: 'PAYMENT_REQUIRED', message: expect.stringContaining('退款') });
    await t.http.put(`/api/admin/demands/${id}/retry-stage?stage=Startup`).set(support.auth).expect(402);

    // The failed run's job, still queued, finds nothing to run (as support retrying it from the queue would).
    worker = await startTestWorker(t);
    expect((await h.finishedJob(id)).returnvalue).toEqual({ completed: false });
    const queue = t.app.get<Queue>(getQueueToken(QueueName.demandStages));
    expect(await queue.getJob(`${id}:Startup:2`)).toBeNull();
    expect((await h.detail(owner.auth, id)).stagesData.Startup).toMatchObject({
      status: 'PendingInput',
      paymentStatus: 'Pending',
      output: null,
    });
    expect(await h.completedEvents(id)).toBe(0);
  });
});

describe('a refunded stage fee, once its stage was delivered', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  const h = workshop(() => t);

  beforeAll(async () => {
    t = await startTestApp({ GENERATOR_STEP_MS: '0' });
    worker = await startTestWorker(t);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('keeps the output as delivered, and nothing runs it again unpaid: revise 402, no second order', async () => {
    const owner = await insertUser(t);
    const admin = await insertUser(t, Role.Admin);
    const id = await paidDemand(t, owner.auth);
    await startupCompleted(t, id);
    const orderId = await h.feeOrder(id);
    // Support sees, before confirming, that the stage was delivered (a refund keeps its output).
    const shown = await t.http.get(`/api/admin/orders/${orderId}`).set(admin.auth).expect(200);
    expect(shown.body).toMatchObject({ stage: 'Startup', delivered: true });
    await h.refund(admin.auth, orderId).expect(200);
    const after = await h.detail(owner.auth, id);
    expect(after.overallStatus).toBe('Completed');
    expect(after.stagesData.Startup).toMatchObject({
      status: 'Completed',
      paymentStatus: 'Pending',
      fee: null,
    });
    expect(after.stagesData.Startup.output).not.toBeNull();

    const revise = await t.http
      .put(`/api/demand-store/${id}/revise?stage=Startup`)
      .set(owner.auth)
      .send({
        content: `${'连锁门店的库存周转慢，'.repeat(3)}希望降低成本。`,
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半。',
      });
    expect(revise.status).toBe(402);
    expect(revise.body.code).toBe('PAYMENT_REQUIRED');
    // Its fee cannot be paid again to run it either: the stage is not awaiting one.
    await t.http
      .post('/api/payments/initiate-demand-startup')
      .set(owner.auth)
      .send({ demandId: id })
      .expect(409);
  });

  it('never lets a refund racing the worker leave a free run: delivered before it, or awaiting the fee (20 times)', async () => {
    const admin = await insertUser(t, Role.Admin);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const owner = await insertUser(t);
      const id = await paidDemand(t, owner.auth);
      const orderId = await h.feeOrder(id);
      // Spread the refunds over the run, each at a state of the stage rather than a time: at once (before the
      // worker's claim, or racing it), once the worker has claimed it, once it has completed.
      const moment = [null, ['Processing', 'Completed'], ['Completed']][i % 3];
      if (moment) await waitFor(async () => moment.includes(await h.startupStatus(id)), 30_000);
      await h.refund(admin.auth, orderId).expect(200);
      await h.finishedJob(id);
      const startup = (await h.detail(owner.auth, id)).stagesData.Startup;
      const completed = await h.completedEvents(id);
      expect(startup.paymentStatus).toBe('Pending');
      if (startup.status === 'Completed') {
        // Delivered before the refund: once, with its output.
        expect(startup.output).not.toBeNull();
        expect(completed).toBe(1);
        outcomes.push('delivered');
      } else {
        expect(startup).toMatchObject({ status: 'PendingInput', output: null });
        expect(completed).toBe(0);
        outcomes.push('unpaid');
      }
    }
    // Both sides of the race were met (not a proof of timing, a check that the test covers it).
    expect(new Set(outcomes).size).toBe(2);
    // Twenty paid stages, each waited through: 15-25 s alone, more beside the browser suite on 2 cores.
  }, 90_000);
});
