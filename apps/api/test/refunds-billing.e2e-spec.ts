import { Role } from '@think-tank/contracts';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { RefundsService } from '../src/modules/billing/refunds.service';
import { FakeAlipayPlatform } from './fakes/alipay-platform';
import { DEMAND, createSolution, insertUser, paySandbox } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

type Auth = Record<string, string>;

/** Contract §11 "Refunds take back what they paid for", for what billing sells and for its gateways. */
describe('a refund whose gateway cannot be reached', () => {
  let t: TestApp;
  const alipay = new FakeAlipayPlatform();

  beforeAll(async () => {
    t = await startTestApp({ ...alipay.env(), ALIPAY_GATEWAY: await alipay.startGateway() });
  });
  afterAll(async () => {
    await t.close();
    await alipay.stopGateway();
  });

  const view = (auth: Auth, solutionId: string) => t.http.get(`/api/solutions/${solutionId}/view`).set(auth);
  const adminOrder = async (admin: Auth, id: string) =>
    (await t.http.get(`/api/admin/orders/${id}`).set(admin).expect(200)).body;

  it('stays pending, is asked again under the same request id until Alipay answers, and moves money once', async () => {
    const buyer = await insertUser(t);
    const admin = await insertUser(t, Role.Admin);
    const solution = await createSolution(t);
    const { orderId } = (
      await t.http
        .post('/api/solutions/initiate-solution-payment')
        .set(buyer.auth)
        .send({ solutionId: solution.id, paymentGateway: 'alipay', itemId: 'single_solution_view' })
        .expect(200)
    ).body as { orderId: string };
    await t.http
      .post('/api/payments/alipay/notify')
      .type('form')
      .send(alipay.notify({ out_trade_no: orderId, total_amount: '5.00' }))
      .expect(200, 'success');
    await view(buyer.auth, solution.id).expect(200);

    // Alipay cannot be reached (a DNS failure, a reset): not a refusal. The order stays paid, the view granted.
    alipay.refundTrouble = 'down';
    const asked = await t.http.post(`/api/admin/orders/${orderId}/refund`).set(admin.auth).expect(202);
    expect(asked.body).toMatchObject({
      status: 'paid',
      flaggedReason: null,
      refund: { status: 'pending', reason: expect.stringContaining('alipay could not be reached') },
    });
    await view(buyer.auth, solution.id).expect(200);
    // Asking again by hand asks Alipay again, for the same refund.
    await t.http.post(`/api/admin/orders/${orderId}/refund`).set(admin.auth).expect(202);

    // The worker asks again; Alipay refunds but its answer is lost on the way back: still pending.
    const refunds = t.app.get(RefundsService);
    alipay.refundTrouble = 'answer-lost';
    expect(await refunds.retryPending(0)).toEqual({ asked: 1, refunded: 0 });
    expect((await adminOrder(admin.auth, orderId)).refund.status).toBe('pending');

    // Alipay is back: asked once more with the same out_request_no, it answers the refund it already made.
    alipay.refundTrouble = null;
    expect(await refunds.retryPending(0)).toEqual({ asked: 1, refunded: 1 });
    expect(await refunds.retryPending(0)).toEqual({ asked: 0, refunded: 0 });
    const done = await adminOrder(admin.auth, orderId);
    expect(done).toMatchObject({ status: 'refunded', refund: { status: 'succeeded', reason: null } });
    await view(buyer.auth, solution.id).expect(402);

    const calls = alipay.gatewayCalls.filter((c) => c.method === 'alipay.trade.refund');
    // Every call Alipay saw (the lost answer's, perhaps repeated by the SDK, then the last) is the same refund.
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((c) => c.bizContent.out_request_no))).toEqual(new Set([orderId]));
    // Exactly one refund moved money.
    expect([...alipay.refunds.values()]).toEqual([{ outTradeNo: orderId, amount: '5.00' }]);
    const audit = (await t.http.get(`/api/admin/audit?targetId=${orderId}`).set(admin.auth).expect(200)).body
      .items as { action: string }[];
    // Each admin's asking is audited; the worker's retries that stayed pending are not, the refund is.
    expect(audit.map((a) => a.action).sort()).toEqual([
      'order.refund',
      'order.refund-pending',
      'order.refund-pending',
    ]);
  });
});

describe('refunds of what billing sells (sandbox gateway)', () => {
  let t: TestApp;
  let admin: Auth;

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.getRepository(Plan).insert(PLAN_SEED);
    admin = (await insertUser(t, Role.Admin)).auth;
  });
  afterAll(() => t.close());

  /** Pays through the sandbox cashier as the buyer would; answers the order's id. */
  const paid = async (instruction: { orderId: string; paymentUrl: string }) => {
    await paySandbox(t, instruction.paymentUrl);
    return instruction.orderId;
  };
  const buyView = async (auth: Auth, solutionId: string) =>
    paid(
      (
        await t.http
          .post('/api/solutions/initiate-solution-payment')
          .set(auth)
          .send({ solutionId, paymentGateway: 'alipay', itemId: 'single_solution_view' })
          .expect(200)
      ).body,
    );
  const buyPlan = async (auth: Auth, code: string) => {
    const plan = await t.db.getRepository(Plan).findOneByOrFail({ code });
    const order = await t.http
      .post('/api/payments/alipay/create-order')
      .set(auth)
      .send({ paymentType: 'subscription', priceId: plan.id })
      .expect(200);
    return paid(order.body);
  };
  const refund = (orderId: string) =>
    t.http.post(`/api/admin/orders/${orderId}/refund`).set(admin).expect(200);
  const daysLeft = async (userId: string, solutionId: string) => {
    const [row] = await t.db.query(
      `SELECT extract(epoch FROM max("expiresAt") - now()) / 86400 AS days FROM solution_access_grants
        WHERE "userId" = $1 AND "solutionId" = $2`,
      [userId, solutionId],
    );
    return Number(row.days);
  };

  it('shifts a view bought to follow a refunded one back: one payment, 30 days', async () => {
    const buyer = await insertUser(t);
    const solution = await createSolution(t);
    const first = await buyView(buyer.auth, solution.id);
    // Bought again while the first is live: it follows it, 60 days in all.
    const second = await buyView(buyer.auth, solution.id);
    expect(second).not.toBe(first);
    expect(await daysLeft(buyer.id, solution.id)).toBeCloseTo(60, 1);

    await refund(first);
    expect(await daysLeft(buyer.id, solution.id)).toBeCloseTo(30, 1);
    await t.http.get(`/api/solutions/${solution.id}/view`).set(buyer.auth).expect(200);
    await refund(second);
    await t.http.get(`/api/solutions/${solution.id}/view`).set(buyer.auth).expect(402);
  });

  it('keeps a prepaid VIP period’s start-ups for its own turn, and its refund takes them all back', async () => {
    const vip = await insertUser(t);
    const start = () =>
      t.http
        .post('/api/demand-store/use-vip-startup-quota')
        .set(vip.auth)
        .send(DEMAND)
        .expect(201)
        .then((r) => r.body as { success: boolean });
    await buyPlan(vip.auth, 'vip_yearly');
    for (let i = 0; i < 3; i++) expect((await start()).success).toBe(true);
    // The next year, paid ahead: its three start-ups are not this year's.
    const ahead = await buyPlan(vip.auth, 'vip_yearly');
    expect((await start()).success).toBe(false);
    const [period] = await t.db.query(
      `SELECT "currentPeriodStart" > now() AS later, "vipStartupsUsed" AS used FROM subscriptions WHERE "orderId" = $1`,
      [ahead],
    );
    expect(period).toEqual({ later: true, used: 0 });

    // Its turn comes: its quota is there. Refunded first: none of it is.
    await t.db.query(
      `UPDATE subscriptions SET "currentPeriodEnd" = now() - interval '1 second' WHERE "orderId" <> $1 AND "userId" = $2`,
      [ahead, vip.id],
    );
    await t.db.query(
      `UPDATE subscriptions SET "currentPeriodStart" = now() - interval '1 second' WHERE "orderId" = $1`,
      [ahead],
    );
    await refund(ahead);
    expect((await start()).success).toBe(false);
    const me = (await t.http.get('/api/auth/me').set(vip.auth).expect(200)).body;
    expect(me.isVip).toBe(false);
  });
});
