import type { INestApplicationContext } from '@nestjs/common';
import { Role, type DemandDetail } from '@think-tank/contracts';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { DEMAND, createSolution, insertUser, paySandbox, startupCompleted } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { startTestWorker } from './support/worker';

type Auth = Record<string, string>;

/**
 * Contract §12: a refunded plan period takes back the stage fees it waived (VIP) or discounted for stages not yet
 * completed, and the console shows a plan order's use before the refund is confirmed.
 */
describe('refunds of plans', () => {
  let t: TestApp;
  let admin: Auth;
  beforeAll(async () => {
    t = await startTestApp({ GENERATOR_STEP_MS: '0' });
    await t.db.getRepository(Plan).insert(PLAN_SEED);
    admin = (await insertUser(t, Role.Admin)).auth;
  });
  afterAll(() => t.close());

  const buyPlan = async (auth: Auth, code: string) => {
    const plan = await t.db.getRepository(Plan).findOneByOrFail({ code });
    const order = await t.http
      .post('/api/payments/alipay/create-order')
      .set(auth)
      .send({ paymentType: 'subscription', priceId: plan.id })
      .expect(200);
    await paySandbox(t, order.body.paymentUrl);
    return order.body.orderId as string;
  };
  const detail = async (auth: Auth, id: string) =>
    (await t.http.get(`/api/demand-store/${id}`).set(auth).expect(200)).body as DemandDetail;
  const stage = async (id: string, name: string) =>
    (
      await t.db.query(
        `SELECT status, "paymentStatus", "feeDiscount", "waivedBy" FROM demand_stages WHERE "demandId" = $1 AND stage = $2`,
        [id, name],
      )
    )[0];
  /** A demand of the user's whose Startup the worker ran (paid by its fee), with `count` modules selected. */
  async function completedStartup(auth: Auth, count: number) {
    const demandId = (
      await t.http.post('/api/demand-store/register-demand').set(auth).send(DEMAND).expect(201)
    ).body.demandId as string;
    const pay = await t.http
      .post('/api/payments/initiate-demand-startup')
      .set(auth)
      .send({ demandId })
      .expect(200);
    let worker: INestApplicationContext | undefined = await startTestWorker(t);
    try {
      await paySandbox(t, pay.body.paymentUrl);
      await startupCompleted(t, demandId);
    } finally {
      await worker.close();
      worker = undefined;
    }
    const d = await detail(auth, demandId);
    await t.http
      .put(`/api/demand-store/${demandId}/stage-data?stage=Startup`)
      .set(auth)
      .send({
        output: d.stagesData.Startup.output,
        selectedModules: d.stagesData.Startup.output!.suggested_modules.slice(0, count),
      })
      .expect(200);
    return demandId;
  }
  const advance = (auth: Auth, id: string) =>
    t.http.put(`/api/demand-store/${id}/advance`).set(auth).send({ stageInput: {} }).expect(200);

  it('puts a stage a refunded VIP period waived back to awaiting its full fee, queued or not yet run', async () => {
    const u = await insertUser(t);
    const demandId = await completedStartup(u.auth, 2);
    const vip = await buyPlan(u.auth, 'vip_yearly');
    // Entered under VIP: waived and queued (no worker runs it here).
    await advance(u.auth, demandId);
    expect(await stage(demandId, 'Preparation')).toEqual({
      status: 'Queued',
      paymentStatus: 'Waived',
      feeDiscount: 0,
      waivedBy: vip,
    });
    // A start-up from the period's VIP quota, queued too.
    const quota = await t.http
      .post('/api/demand-store/use-vip-startup-quota')
      .set(u.auth)
      .send(DEMAND)
      .expect(201);
    expect(await stage(quota.body.demandId, 'Startup')).toMatchObject({
      paymentStatus: 'Waived',
      waivedBy: vip,
    });

    // Support sees what the period was used for before confirming its refund.
    const solution = await createSolution(t);
    await t.http.get(`/api/solutions/${solution.id}/view`).set(u.auth).expect(200);
    await t.http.post(`/api/solutions/${solution.id}/favourite`).set(u.auth);
    const seen = (await t.http.get(`/api/admin/orders/${vip}`).set(admin).expect(200)).body;
    expect(seen.planUse).toEqual({
      views: 1,
      startups: 1,
      stagesWaived: 2,
      feesWaived: { amount: 20_000 + 2_900, currency: 'CNY' },
    });

    await t.http.post(`/api/admin/orders/${vip}/refund`).set(admin).expect(200);
    expect(await stage(demandId, 'Preparation')).toEqual({
      status: 'PendingInput',
      paymentStatus: 'Pending',
      feeDiscount: 0,
      waivedBy: null,
    });
    expect(await stage(quota.body.demandId, 'Startup')).toMatchObject({
      status: 'PendingInput',
      paymentStatus: 'Pending',
    });
    const back = await detail(u.auth, demandId);
    expect(back.overallStatus).toBe('PendingInput');
    // Nothing runs it unpaid; its fee is the full one for the two modules frozen.
    await t.http.put(`/api/demand-store/${demandId}/retry-stage?stage=Preparation`).set(u.auth).expect(402);
    const pay = await t.http
      .post('/api/payments/initiate-stage-payment')
      .set(u.auth)
      .send({ demandId, stageToPayFor: 'Preparation' })
      .expect(200);
    const [order] = await t.db.query(`SELECT amount FROM orders WHERE id = $1`, [pay.body.orderId]);
    expect(order.amount).toBe(20_000);
  });

  it('takes back a refunded plan’s discount from a stage still awaiting its fee', async () => {
    const u = await insertUser(t);
    const demandId = await completedStartup(u.auth, 2);
    const pro = await buyPlan(u.auth, 'pro_monthly');
    const advanced = await advance(u.auth, demandId);
    // 10 % off two modules' 20,000.
    expect(advanced.body.fee).toEqual({ amount: 18_000, currency: 'CNY' });
    expect(await stage(demandId, 'Preparation')).toMatchObject({ feeDiscount: 10, waivedBy: pro });
    await t.http.post(`/api/admin/orders/${pro}/refund`).set(admin).expect(200);
    expect(await stage(demandId, 'Preparation')).toMatchObject({
      status: 'PendingInput',
      paymentStatus: 'Pending',
      feeDiscount: 0,
      waivedBy: null,
    });
    const pay = await t.http
      .post('/api/payments/initiate-stage-payment')
      .set(u.auth)
      .send({ demandId, stageToPayFor: 'Preparation' })
      .expect(200);
    const [order] = await t.db.query(`SELECT amount FROM orders WHERE id = $1`, [pay.body.orderId]);
    expect(order.amount).toBe(20_000);
  });

  it('leaves a stage the VIP role waived alone: support’s VIP is no order’s', async () => {
    const u = await insertUser(t);
    const demandId = await completedStartup(u.auth, 1);
    const vip = await buyPlan(u.auth, 'vip_yearly');
    await t.db.query(`UPDATE users SET role = 'vip' WHERE id = $1`, [u.id]);
    await advance(u.auth, demandId);
    expect(await stage(demandId, 'Preparation')).toMatchObject({ paymentStatus: 'Waived', waivedBy: null });
    await t.http.post(`/api/admin/orders/${vip}/refund`).set(admin).expect(200);
    expect(await stage(demandId, 'Preparation')).toMatchObject({ status: 'Queued', paymentStatus: 'Waived' });
  });
});
