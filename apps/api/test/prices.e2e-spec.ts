import { Role, type DemandDetail, type PlanResponse } from '@think-tank/contracts';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import {
  DEMAND,
  createSolution,
  insertUser,
  paidDemand,
  startupCompleted,
  paySandbox,
} from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { startTestWorker } from './support/worker';

/** Contract §11 "Money shown is money charged": the price of the method picked is what its order charges. */
describe('the price shown is the price charged', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ GENERATOR_STEP_MS: '0' });
    await t.db.getRepository(Plan).insert(PLAN_SEED);
  });
  afterAll(() => t.close());

  it('charges an English reader’s wallet order the CNY price the offer shows for the wallet', async () => {
    const buyer = await insertUser(t);
    const plans = (
      await t.http.get('/api/users/subscriptions/plans').set('Accept-Language', 'en').expect(200)
    ).body as PlanResponse[];
    const basic = plans.find((p) => p.name === 'Basic (monthly)')!;
    // The reader's own currency for a card, and the wallet's CNY beside it.
    expect(basic.priceInfo).toEqual({ amount: 600, currency: 'USD' });
    expect(basic.walletPriceInfo).toEqual({ amount: 3900, currency: 'CNY' });

    const order = await t.http
      .post('/api/payments/alipay/create-order')
      .set(buyer.auth)
      .set('Accept-Language', 'en')
      .send({ paymentType: 'subscription', priceId: basic.id })
      .expect(200);
    const status = await t.http
      .get(`/api/payments/order-status/${order.body.orderId}`)
      .set(buyer.auth)
      .set('Accept-Language', 'en')
      .expect(200);
    expect({ amount: status.body.amount, currency: status.body.currency }).toEqual(basic.walletPriceInfo);
    // The sandbox cashier, standing in for the wallet, asks for the same.
    const cashier = await t.http.get(order.body.paymentUrl).expect(200);
    expect(cashier.text).toContain('¥39.00');
    expect(cashier.text).not.toContain('$6.00');
  });

  it('tells the account what it may still use: views left today, VIP start-ups left', async () => {
    const allowances = async (auth: Record<string, string>) =>
      (await t.http.get('/api/auth/me').set(auth).expect(200)).body.allowances;
    const free = await insertUser(t);
    expect(await allowances(free.auth)).toEqual({
      dailyViewLimit: null,
      dailyViewsLeft: null,
      vipStartupsLeft: null,
    });

    const paid = await insertUser(t, Role.Free, { isPaid: true });
    expect(await allowances(paid.auth)).toEqual({
      dailyViewLimit: 20,
      dailyViewsLeft: 20,
      vipStartupsLeft: null,
    });
    const solution = await createSolution(t);
    await t.http.get(`/api/solutions/${solution.id}/view`).set(paid.auth).expect(200);
    await t.http.get(`/api/solutions/${solution.id}/view`).set(paid.auth).expect(200);
    expect((await allowances(paid.auth)).dailyViewsLeft).toBe(19);

    const vip = await insertUser(t, Role.Vip, { vipStartupQuota: 1 });
    expect(await allowances(vip.auth)).toEqual({
      dailyViewLimit: null,
      dailyViewsLeft: null,
      vipStartupsLeft: 1,
    });
    await t.http.post('/api/demand-store/use-vip-startup-quota').set(vip.auth).send(DEMAND).expect(201);
    expect((await allowances(vip.auth)).vipStartupsLeft).toBe(0);
  });

  it('lets a buyer pay a pending order as it is, or cancel it; a view order names its solution', async () => {
    const buyer = await insertUser(t);
    const other = await insertUser(t);
    const solution = await createSolution(t, { projectName: '社区生鲜冷链配送优化' });
    const started = await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(buyer.auth)
      .send({ solutionId: solution.id, itemId: 'single_solution_view' })
      .expect(200);
    const orderId = started.body.orderId as string;
    const mine = async () =>
      (await t.http.get('/api/payments/orders').set(buyer.auth).expect(200)).body.items.find(
        (o: { id: string }) => o.id === orderId,
      );
    expect((await mine()).subject).toBe('单次查看方案（30 天）：社区生鲜冷链配送优化');

    // Left at the cashier; paid later from the orders: the same order, not a second one.
    await t.http.post(`/api/payments/orders/${orderId}/pay`).set(other.auth).expect(404);
    const again = await t.http.post(`/api/payments/orders/${orderId}/pay`).set(buyer.auth).expect(200);
    expect(again.body).toEqual({ type: 'redirect', paymentUrl: started.body.paymentUrl, orderId });
    await paySandbox(t, again.body.paymentUrl);
    expect((await mine()).status).toBe('paid');
    await t.http.post(`/api/payments/orders/${orderId}/pay`).set(buyer.auth).expect(409);
    await t.http.post(`/api/payments/orders/${orderId}/cancel`).set(buyer.auth).expect(409);

    // Another, given up: canceled, and a payment reported for it afterwards grants nothing.
    const second = await createSolution(t);
    const given = (
      await t.http
        .post('/api/solutions/initiate-solution-payment')
        .set(buyer.auth)
        .send({ solutionId: second.id, itemId: 'single_solution_view' })
        .expect(200)
    ).body as { orderId: string; paymentUrl: string };
    await t.http.post(`/api/payments/orders/${given.orderId}/cancel`).set(other.auth).expect(404);
    await t.http.post(`/api/payments/orders/${given.orderId}/cancel`).set(buyer.auth).expect(204);
    await t.http.post(`${given.paymentUrl}/pay`);
    // Returned by itself (contract §12), granting nothing.
    await waitFor(async () => {
      const [row] = await t.db.query(`SELECT status FROM orders WHERE id = $1`, [given.orderId]);
      return row.status === 'refunded';
    });
    await t.http.get(`/api/solutions/${second.id}/view`).set(buyer.auth).expect(402);
  });

  it('lists no plan feature without an entitlement the product enforces (every plan, both languages)', async () => {
    const seeded = await t.db.getRepository(Plan).find();
    for (const lang of ['zh', 'en'] as const) {
      const plans = (
        await t.http.get('/api/users/subscriptions/plans').set('Accept-Language', lang).expect(200)
      ).body as PlanResponse[];
      for (const plan of plans) {
        const e = seeded.find((p) => p.id === plan.id)!;
        // Each line is one of the entitlement lines, and says what this plan's entitlement is.
        const allowed = [
          e.dailyViewLimit === null
            ? /^(不限量阅读方案全文|Unlimited solutions, in full)$/
            : new RegExp(
                `^(每天可阅读 ${e.dailyViewLimit} 个方案全文|${e.dailyViewLimit} solutions a day, in full)$`,
              ),
          ...(e.isVip ? [/^(需求工坊阶段费用全免|No workshop stage fees)$/] : []),
          ...(e.isVip && e.vipStartupQuota > 0
            ? [
                new RegExp(
                  `^(每期 ${e.vipStartupQuota} 次免费启动需求|${e.vipStartupQuota} free demand start-ups each period)$`,
                ),
              ]
            : []),
          ...(!e.isVip && e.stageFeeDiscount > 0
            ? [
                new RegExp(
                  `^(需求工坊阶段费用 ${(100 - e.stageFeeDiscount) / 10} 折|${e.stageFeeDiscount}% off workshop stage fees)$`,
                ),
              ]
            : []),
        ];
        expect(plan.features.length).toBeGreaterThan(0);
        for (const line of plan.features) expect(allowed.some((pattern) => pattern.test(line))).toBe(true);
        // Favourites and history are not built yet: no plan may give them.
        expect(e.favouritesAndHistory).toBe(false);
      }
    }
  });

  it('takes a Professional plan’s 10 % off a stage fee: in the quote, the priced stage and its order', async () => {
    const buyer = await insertUser(t);
    const pro = await t.db.getRepository(Plan).findOneByOrFail({ code: 'pro_monthly' });
    const sub = await t.http
      .post('/api/payments/alipay/create-order')
      .set(buyer.auth)
      .send({ paymentType: 'subscription', priceId: pro.id })
      .expect(200);
    await paySandbox(t, sub.body.paymentUrl);
    const worker = await startTestWorker(t);
    try {
      const id = await paidDemand(t, buyer.auth);
      await startupCompleted(t, id);
      const detail = async () =>
        (await t.http.get(`/api/demand-store/${id}`).set(buyer.auth).expect(200)).body as DemandDetail;
      const startup = (await detail()).stagesData.Startup;
      await t.http
        .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
        .set(buyer.auth)
        .send({ output: startup.output, selectedModules: startup.output!.suggested_modules.slice(0, 2) })
        .expect(200);
      // 2 modules × ¥100.00, 10 % off.
      expect((await detail()).nextStageFee).toEqual({ amount: 18_000, currency: 'CNY' });
      const advanced = await t.http
        .put(`/api/demand-store/${id}/advance`)
        .set(buyer.auth)
        .send({})
        .expect(200);
      expect(advanced.body.fee).toEqual({ amount: 18_000, currency: 'CNY' });
      expect(advanced.body.stagesData.Preparation.fee).toEqual({ amount: 18_000, currency: 'CNY' });
      const order = await t.http
        .post('/api/payments/initiate-stage-payment')
        .set(buyer.auth)
        .send({
          demandId: id,
          stageToPayFor: 'Preparation',
          paymentItemType: 'demand_store_payment',
          selectedModulesCount: 2,
        })
        .expect(200);
      const status = await t.http
        .get(`/api/payments/order-status/${order.body.orderId}`)
        .set(buyer.auth)
        .expect(200);
      expect({ amount: status.body.amount, currency: status.body.currency }).toEqual({
        amount: 18_000,
        currency: 'CNY',
      });
    } finally {
      await worker.close();
    }
  });
});
