import { getQueueToken } from '@nestjs/bull';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import Stripe from 'stripe';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { FulfilmentService, InvoicesService } from '../src/modules/billing';
import { NotificationsService } from '../src/modules/notifications';
import { BillingItemsFulfilment } from '../src/modules/billing/billing-items.fulfilment';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { SubscriptionsService } from '../src/modules/billing/subscriptions.service';
import { FakeAlipayPlatform } from './fakes/alipay-platform';
import { FakeStripeApi } from './fakes/stripe-api';
import { bearer, verifiedUser } from './support/accounts';
import { createSolution } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { startTestWorker } from './support/worker';

type User = Awaited<ReturnType<typeof verifiedUser>>;

/** The app on a fresh database with the seeded plans, its mail going to the sink. */
async function startWithPlans(sink: SmtpSink, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({ SMTP_URL: await sink.start(), ...env });
  await t.db.getRepository(Plan).insert(PLAN_SEED);
  return t;
}

async function stop(t: TestApp, sink: SmtpSink): Promise<void> {
  await t.close();
  await sink.stop();
}

/** Shared steps of the three gateway setups below. */
function helpers(get: () => TestApp) {
  const h = {
    plan: async (code: string) => (await get().db.getRepository(Plan).findOneByOrFail({ code })).id,
    order: async (id: string) =>
      (await get().db.query(`SELECT * FROM orders WHERE id = $1`, [id]))[0] as Record<string, unknown>,
    count: async (sql: string, params: unknown[]) => Number((await get().db.query(sql, params))[0].n),
    grants: (orderId: string) =>
      h.count(`SELECT count(*) AS n FROM solution_access_grants WHERE "orderId" = $1`, [orderId]),
    periods: (orderId: string) =>
      h.count(`SELECT count(*) AS n FROM subscriptions WHERE "orderId" = $1`, [orderId]),
    view: (u: User, solutionId: string) => get().http.get(`/api/solutions/${solutionId}/view`).set(bearer(u)),
    me: async (u: User) => (await get().http.get('/api/auth/me').set(bearer(u)).expect(200)).body,
    /** Starts a wallet subscription to the plan with this code. */
    subscribe: async (u: User, code: string) =>
      get()
        .http.post('/api/payments/alipay/create-order')
        .set(bearer(u))
        .send({ paymentType: 'subscription', priceId: await h.plan(code) })
        .expect(200),
    payView: (u: User, solutionId: string, paymentGateway?: string) =>
      get().http.post('/api/solutions/initiate-solution-payment').set(bearer(u)).send({
        solutionId,
        paymentGateway,
        itemId: 'single_solution_view',
        itemType: 'solution_view',
        amount: 1,
        currency: 'CNY',
      }),
  };
  return h;
}

describe('payments through the sandbox gateway (no keys: contract §6)', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const h = helpers(() => t);
  let solution: { id: string };

  beforeAll(async () => {
    t = await startWithPlans(sink);
    solution = await createSolution(t, { projectName: '冷链仓储温控', html: '<h1>冷链</h1>' });
  });
  afterAll(() => stop(t, sink));

  it('lists every plan with every field, in CNY for Chinese readers and USD otherwise', async () => {
    const zh = (await t.http.get('/api/users/subscriptions/plans').expect(200)).body;
    expect(zh.map((p: { periodType: string }) => p.periodType)).toEqual(
      expect.arrayContaining(['monthly', 'quarterly', 'yearly', 'custom']),
    );
    expect(zh[0]).toEqual({
      id: expect.any(String),
      name: '基础版（月付）',
      planName: '基础版（月付）',
      displayPrice: '¥39.00/月',
      priceInfo: { amount: 3900, currency: 'CNY' },
      walletPriceInfo: { amount: 3900, currency: 'CNY' },
      // Written from its entitlements (contract §11).
      features: ['每天可阅读 20 个方案全文'],
      benefits: ['适合个人调研'],
      isValid: true,
      periodType: 'monthly',
      stripePriceId: null,
      alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
      popular: false,
    });
    const custom = zh.find((p: { periodType: string }) => p.periodType === 'custom');
    expect(custom).toMatchObject({ isValid: false, displayPrice: '价格面议' });
    const en = (await t.http.get('/api/users/subscriptions/plans').set('Accept-Language', 'en').expect(200))
      .body;
    expect(en[0]).toMatchObject({
      planName: 'Basic (monthly)',
      displayPrice: '$6.00 / month',
      priceInfo: { amount: 600, currency: 'USD' },
    });
  });

  it('answers repeated and concurrent buy calls for the same thing with one pending order (contract §10)', async () => {
    const u = await verifiedUser(t, sink, 'twice');
    const solution = await createSolution(t, {});
    const answers = await Promise.all(Array.from({ length: 5 }, () => h.payView(u, solution.id).expect(200)));
    const ids = new Set(answers.map((r) => r.body.orderId));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((r) => r.body.paymentUrl)).size).toBe(1);
    const again = await h.payView(u, solution.id).expect(200);
    expect(again.body.orderId).toBe([...ids][0]);
    // Another item, or the same one once this order has failed, is a new order.
    const other = await h.payView(u, (await createSolution(t, {})).id).expect(200);
    expect(other.body.orderId).not.toBe(again.body.orderId);
    await t.http.post(`${again.body.paymentUrl}/fail`).expect(303);
    const fresh = await h.payView(u, solution.id).expect(200);
    expect(fresh.body.orderId).not.toBe(again.body.orderId);
    expect(
      await h.count(
        `SELECT count(*) AS n FROM orders WHERE "userId" = $1 AND "subjectKind" = 'solution' AND "subjectId" = $2`,
        [u.session.user.id, solution.id],
      ),
    ).toBe(2);
  });

  it('sells a solution view at the server’s price through the sandbox cashier, granting it once', async () => {
    const buyer = await verifiedUser(t, sink, 'viewer');
    await h.view(buyer, solution.id).expect(402);
    const res = await h.payView(buyer, solution.id, 'alipay').expect(200);
    expect(res.body).toEqual({
      type: 'redirect',
      paymentUrl: `/api/payments/sandbox/checkout/${res.body.orderId}`,
      orderId: expect.any(String),
    });
    const orderId = res.body.orderId as string;
    expect(await h.order(orderId)).toMatchObject({
      status: 'pending',
      amount: 500,
      currency: 'CNY',
      gateway: 'sandbox',
      subjectKind: 'solution',
      subjectId: solution.id,
    });

    const page = await t.http.get(res.body.paymentUrl).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('沙箱收银台');
    expect(page.text).toContain('¥5.00');
    expect(page.text).toContain(`${res.body.paymentUrl}/pay`);

    const paid = await t.http.post(`${res.body.paymentUrl}/pay`).expect(303);
    expect(paid.headers.location).toBe(`/payment/return?order_id=${orderId}&gw=sandbox`);
    await t.http.post(`${res.body.paymentUrl}/pay`).expect(303);
    await t.http.post(`${res.body.paymentUrl}/fail`).expect(303);

    const status = await t.http.get(`/api/payments/order-status/${orderId}`).set(bearer(buyer)).expect(200);
    expect(status.body).toMatchObject({
      status: 'paid',
      paymentType: 'one-time',
      itemId: 'single_solution_view',
      redirectUrl: `/solutions/${solution.id}/view`,
      demandId: null,
      message: '支付成功',
    });
    expect(await h.grants(orderId)).toBe(1);
    await h.view(buyer, solution.id).expect(200);
    // The page of a settled order offers no buttons any more.
    expect((await t.http.get(res.body.paymentUrl).expect(200)).text).not.toContain('/pay"');

    // Bought again while the first is live: the new 30 days follow the old ones rather than overlap them.
    const again = (await h.payView(buyer, solution.id).expect(200)).body;
    expect(again.orderId).not.toBe(orderId);
    await t.http.post(`${again.paymentUrl}/pay`).expect(303);
    const [first, second] = await t.db.query(
      `SELECT "expiresAt" FROM solution_access_grants WHERE "orderId" IN ($1, $2) ORDER BY "expiresAt"`,
      [orderId, again.orderId],
    );
    expect(second.expiresAt.getTime() - first.expiresAt.getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it('lists the buyer’s own orders newest first with a link to what each bought, and nobody else’s', async () => {
    const buyer = await verifiedUser(t, sink, 'orders');
    const first = (await h.payView(buyer, solution.id).expect(200)).body;
    await t.http.post(`${first.paymentUrl}/pay`).expect(303);
    await h.subscribe(buyer, 'basic_monthly');

    const mine = (await t.http.get('/api/payments/orders').set(bearer(buyer)).expect(200)).body;
    expect(mine).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(mine.items[0]).toMatchObject({
      itemType: 'subscription',
      status: 'pending',
      link: '/subscription-management',
    });
    expect(mine.items[1]).toMatchObject({
      id: first.orderId,
      itemType: 'single_solution_view',
      status: 'paid',
      priceInfo: { amount: 500, currency: 'CNY' },
      displayPrice: '¥5.00',
      gateway: 'sandbox',
      link: `/solutions/${solution.id}/view`,
      paidAt: expect.any(String),
    });
    const second = (await t.http.get('/api/payments/orders?page=2&pageSize=1').set(bearer(buyer)).expect(200))
      .body;
    expect(second.items.map((o: { id: string }) => o.id)).toEqual([first.orderId]);

    const stranger = await verifiedUser(t, sink, 'stranger');
    expect((await t.http.get('/api/payments/orders').set(bearer(stranger)).expect(200)).body).toMatchObject({
      items: [],
      total: 0,
    });
    await t.http.get('/api/payments/orders').expect(401);
    await t.http.get('/api/payments/orders?pageSize=101').set(bearer(buyer)).expect(400);
  });

  it('answers another user’s order, an unknown one and a malformed id with 404 not_found', async () => {
    const owner = await verifiedUser(t, sink, 'owner');
    const other = await verifiedUser(t, sink, 'other');
    const { orderId } = (await h.payView(owner, solution.id).expect(200)).body;
    const res = await t.http.get(`/api/payments/order-status/${orderId}`).set(bearer(other)).expect(404);
    expect(res.body).toMatchObject({
      code: 'NOT_FOUND',
      status: 'not_found',
      message: '订单不存在或不属于您，请联系客服',
    });
    await t.http
      .get('/api/payments/order-status/00000000-0000-4000-8000-000000000000')
      .set(bearer(owner))
      .expect(404);
    await t.http.get('/api/payments/order-status/not-an-id').set(bearer(owner)).expect(404);
    await t.http.get(`/api/payments/order-status/${orderId}`).expect(401);
  });

  it('refuses invalid plans, unknown items and incomplete requests', async () => {
    const u = await verifiedUser(t, sink, 'picky');
    const create = (body: object) =>
      t.http.post('/api/payments/alipay/create-order').set(bearer(u)).send(body);
    await create({ paymentType: 'subscription', priceId: await h.plan('enterprise') }).expect(
      400,
      /ITEM_NOT_AVAILABLE/,
    );
    await create({ paymentType: 'one-time', itemId: 'consultation_once' }).expect(400, /ITEM_NOT_AVAILABLE/);
    await create({ paymentType: 'one-time', itemId: 'single_solution_view' }).expect(
      400,
      /ITEM_NOT_AVAILABLE/,
    );
    const invalid = await create({ paymentType: 'subscription' }).expect(400);
    expect(invalid.body.details).toEqual([{ field: 'priceId', message: expect.any(String) }]);
    await h.payView(u, '00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('starts a subscription on payment; cancel keeps access to the period end; expiry ends it', async () => {
    const u = await verifiedUser(t, sink, 'subscriber');
    expect((await t.http.get('/api/subscriptions/me').set(bearer(u)).expect(200)).body).toEqual({
      planName: null,
      status: 'none',
      nextPaymentDate: null,
      currentPeriodEnd: null,
    });
    await t.http
      .post('/api/subscriptions/cancel')
      .set(bearer(u))
      .expect(409, /NO_ACTIVE_SUBSCRIPTION/);
    const { body } = await h.subscribe(u, 'pro_monthly');
    expect(await h.order(body.orderId)).toMatchObject({
      amount: 9900,
      currency: 'CNY',
      itemType: 'subscription',
    });
    await t.http.post(`${body.paymentUrl}/pay`).expect(303);
    expect(await h.me(u)).toMatchObject({ isPaid: true });
    const me = (await t.http.get('/api/subscriptions/me').set(bearer(u)).expect(200)).body;
    // A prepaid period ends; nothing renews it, so there is no next payment to show.
    expect(me).toMatchObject({ planName: '专业版（月付）', status: 'active', nextPaymentDate: null });
    const days = (Date.parse(me.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    await h.view(u, solution.id).expect(200);

    const canceled = await t.http.post('/api/subscriptions/cancel').set(bearer(u)).expect(200);
    expect(canceled.body).toEqual({ status: 'canceled', currentPeriodEnd: me.currentPeriodEnd });
    expect((await t.http.get('/api/subscriptions/me').set(bearer(u)).expect(200)).body).toMatchObject({
      status: 'canceled',
      nextPaymentDate: null,
    });
    expect(await h.me(u)).toMatchObject({ isPaid: true });

    // The period ends: access ends with it, and the daily job marks it expired.
    await t.db.query(
      `UPDATE subscriptions SET "currentPeriodEnd" = now() - interval '1 second' WHERE "orderId" = $1`,
      [body.orderId],
    );
    expect(await h.me(u)).toMatchObject({ isPaid: false });
    await h.view(u, solution.id).expect(402);
    // The worker, not the API, schedules and runs billing's jobs; run the daily one now, as the schedule would.
    const queue = t.app.get<Queue>(getQueueToken(QueueName.billing));
    expect(await queue.getRepeatableJobs()).toEqual([]);
    const worker = await startTestWorker(t);
    try {
      expect(await queue.getRepeatableJobs()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: JobName.expireSubscriptions,
            cron: '5 0 * * *',
            tz: 'Asia/Shanghai',
          }),
          expect.objectContaining({ name: JobName.reconcileOrders, every: 600_000 }),
        ]),
      );
      const job = await queue.add(JobName.expireSubscriptions, {});
      await waitFor(async () => (await job.getState()) === 'completed');
      expect((await queue.getJob(job.id))!.returnvalue.expired).toBeGreaterThanOrEqual(1);
      expect((await t.http.get('/api/subscriptions/me').set(bearer(u)).expect(200)).body.status).toBe(
        'expired',
      );
    } finally {
      await worker.close();
    }
  });

  it('marks a period ending within 3 days for its reminder once, skipping users who renewed', async () => {
    const u = await verifiedUser(t, sink, 'reminded');
    const { body } = await h.subscribe(u, 'basic_monthly');
    await t.http.post(`${body.paymentUrl}/pay`).expect(303);
    await t.db.query(
      `UPDATE subscriptions SET "currentPeriodEnd" = now() + interval '2 days' WHERE "orderId" = $1`,
      [body.orderId],
    );
    // A period Stripe renews by itself needs no reminder.
    const renewing = await verifiedUser(t, sink, 'autorenews');
    const stripeOrder = (await h.subscribe(renewing, 'basic_monthly')).body;
    await t.http.post(`${stripeOrder.paymentUrl}/pay`).expect(303);
    await t.db.query(
      `UPDATE subscriptions SET "currentPeriodEnd" = now() + interval '2 days', "stripeSubscriptionId" = 'sub_x'
        WHERE "orderId" = $1`,
      [stripeOrder.orderId],
    );
    const service = t.app.get(SubscriptionsService);
    const first = (await service.expireAndRemind()).reminded;
    expect(first).toContain(u.session.user.id);
    expect(first).not.toContain(renewing.session.user.id);
    expect((await service.expireAndRemind()).reminded).not.toContain(u.session.user.id);
    // The reminder opens the checkout for the same plan: one click to renew.
    const messages = (await t.http.get('/api/messages').set(bearer(u)).expect(200)).body.messages;
    const reminder = messages.find((m: { title: string }) => m.title === '订阅即将到期');
    expect(reminder.actionUrl).toBe(`/payment?plan=${await h.plan('basic_monthly')}`);
  });

  it('grants a one-time plan one period of access that nothing renews (customer-area §5: one-time periodType)', async () => {
    // (insert() gave the seed objects their ids: copy without it.)
    const { id: _, ...basic } = (PLAN_SEED as Partial<Plan>[])[0];
    await t.db.getRepository(Plan).insert({
      ...basic,
      code: 'pass_once',
      name: '单次通行',
      nameEn: 'One-time pass',
      periodType: 'one_time',
    });
    const u = await verifiedUser(t, sink, 'oncebuyer');
    const { body } = await t.http
      .post('/api/payments/alipay/create-order')
      .set(bearer(u))
      .send({ paymentType: 'one-time', itemId: await h.plan('pass_once') })
      .expect(200);
    expect(await h.order(body.orderId)).toMatchObject({ itemType: 'one_time_product', amount: 3900 });
    await t.http.post(`${body.paymentUrl}/pay`).expect(303);
    expect(await h.me(u)).toMatchObject({ isPaid: true });
    const me = (await t.http.get('/api/subscriptions/me').set(bearer(u)).expect(200)).body;
    expect(me).toMatchObject({ planName: '单次通行', status: 'active', nextPaymentDate: null });
    expect(await h.periods(body.orderId)).toBe(1);
    await h.view(u, solution.id).expect(200);
  });

  it('renews a live subscription from its end, so an early renewal loses no days', async () => {
    const u = await verifiedUser(t, sink, 'renewer');
    const buy = async () => {
      const { body } = await h.subscribe(u, 'basic_monthly');
      await t.http.post(`${body.paymentUrl}/pay`).expect(303);
    };
    await buy();
    const first = (await t.http.get('/api/subscriptions/me').set(bearer(u))).body.currentPeriodEnd;
    await buy();
    const [row] = await t.db.query(
      `SELECT min("currentPeriodStart") AS s2 FROM subscriptions WHERE "userId" = $1 AND "currentPeriodStart" > now() + interval '1 day'`,
      [u.session.user.id],
    );
    expect(new Date(row.s2).toISOString()).toBe(first);
  });

  it('refuses to start a process that settles orders without a handler for each item type it sells', async () => {
    // This app started: the workshop registered its stage fees with the app's own FulfilmentService.
    expect(() => t.app.get(FulfilmentService).onApplicationBootstrap()).not.toThrow();
    // Billing alone would take a stage fee's money and deliver nothing.
    const alone = new FulfilmentService(t.db, t.app.get(NotificationsService), t.app.get(InvoicesService));
    expect(() => alone.onApplicationBootstrap()).toThrow(
      'no fulfilment handler for subscription, one_time_product, single_solution_view, demand_store_payment',
    );
    new BillingItemsFulfilment(alone).onModuleInit();
    expect(() => alone.onApplicationBootstrap()).toThrow(
      'no fulfilment handler for demand_store_payment: import the module that sells it',
    );
  });

  it('reports the gateways on offer', async () => {
    expect((await t.http.get('/api/payments/options').expect(200)).body).toEqual({
      alipay: false,
      wechatpay: false,
      sandbox: true,
      stripePublishableKey: null,
    });
  });
});

describe('without keys and without the sandbox', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start(), PAYMENTS_SANDBOX: 'false' });
  });
  afterAll(() => stop(t, sink));

  it('answers 503 PAYMENT_UNAVAILABLE, and the sandbox cashier does not exist', async () => {
    const u = await verifiedUser(t, sink, 'nokeys');
    const solution = await createSolution(t, {});
    await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(bearer(u))
      .send({ solutionId: solution.id, paymentGateway: 'alipay' })
      .expect(503, /PAYMENT_UNAVAILABLE/);
    const [order] = await t.db.query(
      `INSERT INTO orders ("userId", gateway, "paymentType", "itemType", "itemId", amount, currency, subject)
       VALUES ($1, 'sandbox', 'one-time', 'one_time_product', 'x', 1, 'CNY', 'x') RETURNING id`,
      [u.session.user.id],
    );
    await t.http.get(`/api/payments/sandbox/checkout/${order.id}`).expect(404);
    await t.http.post(`/api/payments/sandbox/checkout/${order.id}/pay`).expect(404);
    expect((await t.db.query(`SELECT status FROM orders WHERE id = $1`, [order.id]))[0].status).toBe(
      'pending',
    );
  });
});

describe('Alipay: page pay and signed notifies', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const alipay = new FakeAlipayPlatform();
  const h = helpers(() => t);
  let solution: { id: string };
  const notify = (fields: Record<string, string>) =>
    t.http.post('/api/payments/alipay/notify').type('form').send(fields);
  const pendingOrder = async (prefix: string) => {
    const u = await verifiedUser(t, sink, prefix);
    const res = await h.payView(u, solution.id).expect(200);
    return { u, orderId: res.body.orderId as string, res };
  };

  beforeAll(async () => {
    t = await startWithPlans(sink, alipay.env());
    solution = await createSolution(t, { projectName: '智慧港口', html: '<h1>港口</h1>' });
  });
  afterAll(() => stop(t, sink));

  it('answers a page-pay address signed with the merchant key, for the order’s amount in yuan', async () => {
    const { orderId, res } = await pendingOrder('former');
    expect(res.body).toMatchObject({ type: 'redirect', orderId });
    const request = alipay.verifyPageRequest(res.body.paymentUrl);
    expect(request.valid).toBe(true);
    expect(request.action).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    expect(request.fields).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: alipay.appId,
      sign_type: 'RSA2',
      notify_url: 'http://localhost:3000/api/payments/alipay/notify',
      return_url: 'http://localhost:3000/api/payments/alipay/return',
    });
    expect(JSON.parse(request.fields.biz_content)).toMatchObject({
      out_trade_no: orderId,
      total_amount: '5.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
  });

  it('pays the order on a signed TRADE_SUCCESS and grants the view; a replay answers success and grants nothing more', async () => {
    const { u, orderId } = await pendingOrder('payer');
    const message = alipay.notify({ out_trade_no: orderId, total_amount: '5.00' });
    const res = await notify(message).expect(200);
    expect(res.text).toBe('success');
    expect(res.headers['content-type']).toContain('text/plain');
    expect(await h.order(orderId)).toMatchObject({ status: 'paid', gatewayTradeNo: message.trade_no });
    expect(await h.grants(orderId)).toBe(1);
    await h.view(u, solution.id).expect(200);
    expect((await notify(message).expect(200)).text).toBe('success');
    expect(
      (
        await notify(
          alipay.notify({ out_trade_no: orderId, total_amount: '5.00', trade_status: 'TRADE_FINISHED' }),
        )
      ).text,
    ).toBe('success');
    expect(await h.grants(orderId)).toBe(1);
  });

  it.each([
    ['a bad signature', (m: Record<string, string>) => ({ ...m, total_amount: '0.01' })],
    ['another key', () => null],
    ['sign_type RSA', (m: Record<string, string>) => ({ ...m, sign_type: 'RSA' })],
    ['a wrong app id', 'app_id'],
    ['a wrong amount', 'total_amount'],
  ])('answers failure to %s and changes nothing; a signed mismatch flags the order', async (_, change) => {
    const { u, orderId } = await pendingOrder('forger');
    const good = { out_trade_no: orderId, total_amount: '5.00' };
    let message: Record<string, string>;
    if (change === 'app_id') message = alipay.notify({ ...good, app_id: '2021000000009999' });
    else if (change === 'total_amount') message = alipay.notify({ ...good, total_amount: '0.01' });
    else if (typeof change === 'function' && change(good as never) === null)
      message = alipay.notify(good, new FakeAlipayPlatform().platform.privateKey);
    else message = (change as (m: Record<string, string>) => Record<string, string>)(alipay.notify(good));
    expect((await notify(message).expect(200)).text).toBe('failure');
    const order = await h.order(orderId);
    expect(order.status).toBe('pending');
    // An unsigned message may name any order: it flags none (anyone could overwrite support's notes so).
    const signed = change === 'app_id' || change === 'total_amount';
    expect(order.flaggedReason).toEqual(signed ? expect.any(String) : null);
    expect(await h.grants(orderId)).toBe(0);
    await h.view(u, solution.id).expect(402);
  });

  it('fulfils exactly once under 20 concurrent identical notifies and concurrent polls', async () => {
    const { u, orderId } = await pendingOrder('racer');
    const message = alipay.notify({ out_trade_no: orderId, total_amount: '5.00' });
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => notify(message)),
      ...Array.from({ length: 5 }, () => t.http.get(`/api/payments/order-status/${orderId}`).set(bearer(u))),
    ]);
    expect(answers.slice(0, 20).map((a) => a.text)).toEqual(Array(20).fill('success'));
    expect(answers.slice(20).every((a) => a.status === 200)).toBe(true);
    expect(await h.grants(orderId)).toBe(1);
    expect(await h.count(`SELECT count(*) AS n FROM payment_events WHERE "orderId" = $1`, [orderId])).toBe(1);
  });

  it('pays a subscription once under concurrent notifies: one period', async () => {
    const u = await verifiedUser(t, sink, 'subracer');
    const { body } = await h.subscribe(u, 'pro_yearly');
    const message = alipay.notify({ out_trade_no: body.orderId, total_amount: '999.00' });
    await Promise.all(Array.from({ length: 20 }, () => notify(message)));
    expect(await h.periods(body.orderId)).toBe(1);
    expect(await h.me(u)).toMatchObject({ isPaid: true });
  });

  it('leaves a WAIT_BUYER_PAY alone, cancels on TRADE_CLOSED, and refunds and revokes a paid order on TRADE_CLOSED', async () => {
    const waiting = await pendingOrder('waiter');
    expect(
      (
        await notify(
          alipay.notify({
            out_trade_no: waiting.orderId,
            total_amount: '5.00',
            trade_status: 'WAIT_BUYER_PAY',
          }),
        )
      ).text,
    ).toBe('success');
    expect((await h.order(waiting.orderId)).status).toBe('pending');
    await notify(
      alipay.notify({ out_trade_no: waiting.orderId, total_amount: '5.00', trade_status: 'TRADE_CLOSED' }),
    );
    expect((await h.order(waiting.orderId)).status).toBe('canceled');

    const paid = await pendingOrder('refunded');
    await notify(alipay.notify({ out_trade_no: paid.orderId, total_amount: '5.00' }));
    await h.view(paid.u, solution.id).expect(200);
    expect(
      (
        await notify(
          alipay.notify({ out_trade_no: paid.orderId, total_amount: '5.00', trade_status: 'TRADE_CLOSED' }),
        )
      ).text,
    ).toBe('success');
    expect((await h.order(paid.orderId)).status).toBe('refunded');
    expect(await h.grants(paid.orderId)).toBe(0);
    await h.view(paid.u, solution.id).expect(402);
  });

  it('bounces the return to the web app’s return page with the query kept, never marking paid', async () => {
    const { orderId } = await pendingOrder('returner');
    const res = await t.http
      .get(
        `/api/payments/alipay/return?out_trade_no=${orderId}&trade_no=1&total_amount=5.00&app_id=${alipay.appId}`,
      )
      .expect(302);
    expect(res.headers.location).toBe(
      `/payment/alipay/return?out_trade_no=${orderId}&trade_no=1&total_amount=5.00&app_id=${alipay.appId}`,
    );
    expect((await h.order(orderId)).status).toBe('pending');
  });
});

describe('Alipay: reconciling with the trade query, and refunds', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const alipay = new FakeAlipayPlatform();
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await startWithPlans(sink, { ...alipay.env(), ALIPAY_GATEWAY: await alipay.startGateway() });
  });
  afterAll(async () => {
    await stop(t, sink);
    await alipay.stopGateway();
  });

  it('settles a paid trade whose notify never came, once; leaves unpaid ones; flags a wrong amount', async () => {
    const solution = await createSolution(t, {});
    const u = await verifiedUser(t, sink, 'queried');
    const admin = await verifiedUser(t, sink, 'alipayadmin');
    await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [admin.session.user.id]);
    const order = async () => (await h.payView(u, solution.id).expect(200)).body.orderId as string;
    const reconcile = (id: string) =>
      t.http.post(`/api/admin/orders/${id}/reconcile`).set(bearer(admin)).expect(200);

    const paid = await order();
    expect((await reconcile(paid)).body).toMatchObject({ changed: false, gatewayStatus: 'TRADE_NOT_EXIST' });
    alipay.trades.set(paid, { status: 'TRADE_SUCCESS', totalAmount: '5.00', tradeNo: '2026112222001499' });
    expect((await reconcile(paid)).body).toMatchObject({
      changed: true,
      gatewayStatus: 'TRADE_SUCCESS',
      order: { status: 'paid' },
    });
    expect(await h.order(paid)).toMatchObject({ gatewayTradeNo: '2026112222001499' });
    expect(await h.grants(paid)).toBe(1);
    expect((await reconcile(paid)).body.changed).toBe(false);
    expect(alipay.gatewayCalls.every((c) => c.method === 'alipay.trade.query' && c.validSign)).toBe(true);
    expect(alipay.gatewayCalls.at(-1)!.bizContent.out_trade_no).toBe(paid);

    const waiting = await order();
    alipay.trades.set(waiting, {
      status: 'WAIT_BUYER_PAY',
      totalAmount: '5.00',
      tradeNo: '2026112222001500',
    });
    expect((await reconcile(waiting)).body).toMatchObject({ changed: false, order: { status: 'pending' } });

    const wrong = await order();
    alipay.trades.set(wrong, { status: 'TRADE_SUCCESS', totalAmount: '0.01', tradeNo: '2026112222001501' });
    expect((await reconcile(wrong)).body).toMatchObject({ changed: false, gatewayStatus: 'AMOUNT_MISMATCH' });
    expect(await h.order(wrong)).toMatchObject({
      status: 'pending',
      flaggedReason: expect.stringContaining('0.01'),
    });
  });

  it('refunds through alipay.trade.refund once, even when repeated or concurrent; a refusal leaves it paid', async () => {
    const solution = await createSolution(t, {});
    const u = await verifiedUser(t, sink, 'alipayrefund');
    const admin = await verifiedUser(t, sink, 'alipayrefunder');
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.session.user.id]);
    const orderId = (await h.payView(u, solution.id).expect(200)).body.orderId as string;
    await t.http
      .post('/api/payments/alipay/notify')
      .type('form')
      .send(alipay.notify({ out_trade_no: orderId, total_amount: '5.00' }))
      .expect(200, 'success');
    await h.view(u, solution.id).expect(200);
    const refund = () => t.http.post(`/api/admin/orders/${orderId}/refund`).set(bearer(admin));
    const refundCalls = () => alipay.gatewayCalls.filter((c) => c.method === 'alipay.trade.refund');

    // Alipay refuses: the order stays paid and the view stays granted, with Alipay's reason for support.
    alipay.refuseRefundsWith = 'ACQ.SELLER_BALANCE_NOT_ENOUGH';
    const refused = await refund().expect(502);
    expect(refused.body).toMatchObject({
      code: 'REFUND_REFUSED',
      reason: expect.stringContaining('ACQ.SELLER_BALANCE_NOT_ENOUGH'),
    });
    expect(await h.order(orderId)).toMatchObject({
      status: 'paid',
      flaggedReason: expect.stringContaining('ACQ.SELLER_BALANCE_NOT_ENOUGH'),
    });
    await h.view(u, solution.id).expect(200);
    const shown = await t.http.get(`/api/admin/orders/${orderId}`).set(bearer(admin)).expect(200);
    expect(shown.body.refund).toMatchObject({
      status: 'refused',
      reason: expect.stringContaining('BALANCE'),
    });

    // Asked again, three times at once: Alipay is asked once, for the whole amount, keyed by the order.
    alipay.refuseRefundsWith = null;
    const asked = refundCalls().length;
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await refund().expect(409);
    expect(refundCalls()).toHaveLength(asked + 1);
    expect(refundCalls().at(-1)).toMatchObject({
      validSign: true,
      bizContent: { out_trade_no: orderId, out_request_no: orderId, refund_amount: '5.00' },
    });
    expect(alipay.refunds.get(orderId)).toEqual({ outTradeNo: orderId, amount: '5.00' });
    expect(await h.order(orderId)).toMatchObject({ status: 'refunded' });
    await h.view(u, solution.id).expect(402);
    const done = await t.http.get(`/api/admin/orders/${orderId}`).set(bearer(admin)).expect(200);
    expect(done.body.refund).toMatchObject({ status: 'succeeded', reason: null });
    // Alipay's own TRADE_CLOSED for the refund changes nothing more.
    await t.http
      .post('/api/payments/alipay/notify')
      .type('form')
      .send(alipay.notify({ out_trade_no: orderId, total_amount: '5.00', trade_status: 'TRADE_CLOSED' }))
      .expect(200, 'success');
    expect(await h.order(orderId)).toMatchObject({ status: 'refunded' });
  });
});

describe('Stripe: hosted checkout, card payments and signed webhooks', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const api = new FakeStripeApi();
  const h = helpers(() => t);
  const secret = 'whsec_test_secret';
  let solution: { id: string };
  const webhook = (event: object, sign = secret) => {
    const payload = JSON.stringify(event);
    return t.http
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: sign }))
      .send(payload);
  };
  let seq = 0;
  const event = (type: string, object: object, created = Math.floor(Date.now() / 1000)) => ({
    id: `evt_${++seq}_${Date.now()}`,
    object: 'event',
    type,
    created,
    data: { object },
  });

  beforeAll(async () => {
    await api.start();
    t = await startWithPlans(sink, {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_API_URL: api.url,
    });
    solution = await createSolution(t, {});
  });
  afterAll(async () => {
    await stop(t, sink);
    await api.stop();
  });

  it('sends English readers to a Stripe Checkout page created with an idempotency key from the order', async () => {
    const u = await verifiedUser(t, sink, 'stripe');
    const res = await h.payView(u, solution.id).set('Accept-Language', 'en-US').expect(200);
    expect(res.body).toMatchObject({
      type: 'redirect',
      paymentUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const call = api.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.idempotencyKey).toBe(`checkout-${res.body.orderId}`);
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('500');
    expect(call.form.get('payment_intent_data[metadata][orderId]')).toBe(res.body.orderId);
    const options = await t.http.get('/api/payments/options').expect(200);
    expect(options.body.stripePublishableKey).toBe('pk_test_fake');
    // The app's pages may load Stripe.js and its card frames, and nothing else from outside.
    const csp = options.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://hooks.stripe.com');
    expect(csp).toContain('https://api.stripe.com');
  });

  it('accepts a signed payment_intent.succeeded once, refuses bad signatures', async () => {
    const u = await verifiedUser(t, sink, 'hooked');
    const { orderId } = (await h.payView(u, solution.id, 'stripe').expect(200)).body;
    const succeeded = event('payment_intent.succeeded', {
      id: 'pi_hooked',
      object: 'payment_intent',
      amount: 500,
      amount_received: 500,
      currency: 'cny',
      status: 'succeeded',
      metadata: { orderId },
    });
    await webhook(succeeded, 'whsec_wrong').expect(400, /BAD_REQUEST/);
    await t.http
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set(
        'Stripe-Signature',
        Stripe.webhooks.generateTestHeaderString({ payload: '{"id":"evt_other"}', secret }),
      )
      .send(JSON.stringify(succeeded))
      .expect(400);
    expect((await h.order(orderId)).status).toBe('pending');

    await webhook(succeeded).expect(200, { received: true });
    await webhook(succeeded).expect(200);
    expect(await h.order(orderId)).toMatchObject({ status: 'paid', gatewayTradeNo: 'pi_hooked' });
    expect(await h.grants(orderId)).toBe(1);
    await h.view(u, solution.id).expect(200);
  });

  /** A payment intent for an order of 500 CNY fen, as Stripe's webhooks carry it. */
  const intentOf = (orderId: string, id: string, status: 'succeeded' | 'requires_payment_method') => ({
    id,
    object: 'payment_intent',
    amount: 500,
    amount_received: status === 'succeeded' ? 500 : 0,
    currency: 'cny',
    status,
    metadata: { orderId },
  });

  it('settles an order whose payment failed once and then succeeded for the same intent (contract §10)', async () => {
    const u = await verifiedUser(t, sink, 'retried');
    const { orderId } = (await h.payView(u, solution.id, 'stripe').expect(200)).body;
    const failed = intentOf(orderId, 'pi_retried', 'requires_payment_method');
    await webhook(event('payment_intent.payment_failed', failed)).expect(200);
    expect((await h.order(orderId)).status).toBe('failed');
    // The buyer tries again with 3-D Secure: the money is taken, so the order is paid and the view granted.
    await webhook(event('payment_intent.succeeded', intentOf(orderId, 'pi_retried', 'succeeded'))).expect(
      200,
    );
    expect(await h.order(orderId)).toMatchObject({ status: 'paid', gatewayTradeNo: 'pi_retried' });
    expect(await h.grants(orderId)).toBe(1);
    await h.view(u, solution.id).expect(200);
    // Another intent's success cannot settle a failed order that belongs to a different payment.
    const second = (await h.payView(u, (await createSolution(t, {})).id, 'stripe').expect(200)).body.orderId;
    await webhook(
      event('payment_intent.payment_failed', intentOf(second, 'pi_a', 'requires_payment_method')),
    );
    await webhook(event('payment_intent.succeeded', intentOf(second, 'pi_b', 'succeeded'))).expect(200);
    expect((await h.order(second)).status).toBe('failed');
  });

  it('flags a payment reported for a canceled order for a refund, granting nothing', async () => {
    const u = await verifiedUser(t, sink, 'late');
    const { orderId } = (await h.payView(u, solution.id, 'stripe').expect(200)).body;
    await t.db.query(`UPDATE orders SET status = 'canceled' WHERE id = $1`, [orderId]);
    await webhook(event('payment_intent.succeeded', intentOf(orderId, 'pi_late', 'succeeded'))).expect(200);
    const [row] = await t.db.query(`SELECT status, "flaggedReason" FROM orders WHERE id = $1`, [orderId]);
    expect(row).toEqual({ status: 'canceled', flaggedReason: expect.stringContaining('refund') });
    expect(await h.grants(orderId)).toBe(0);
  });

  it('charges a card at once, or hands back the client secret when the bank wants the buyer', async () => {
    const u = await verifiedUser(t, sink, 'carder');
    const paid = await t.http
      .post('/api/payments/process')
      .set(bearer(u))
      .send({
        itemId: 'single_solution_view',
        solutionId: solution.id,
        paymentMethodId: 'pm_card_visa',
        paymentMethodType: 'stripe_card',
      })
      .expect(200);
    expect(paid.body).toMatchObject({ success: true, status: 'succeeded', requiresAction: false });
    expect(await h.order(paid.body.orderId)).toMatchObject({ status: 'paid', method: 'card' });
    expect(api.calls.find((c) => c.idempotencyKey === `pay-${paid.body.orderId}-pm_card_visa`)).toBeDefined();

    const action = await t.http
      .post('/api/payments/process')
      .set(bearer(u))
      .send({
        itemId: 'single_solution_view',
        solutionId: solution.id,
        paymentMethodId: 'pm_card_threeDSecure2Required',
        paymentMethodType: 'stripe_card',
      })
      .expect(200);
    expect(action.body).toMatchObject({
      success: false,
      requiresAction: true,
      clientSecret: expect.stringContaining('_secret_'),
    });
    expect((await h.order(action.body.orderId)).status).toBe('pending');

    // The bank's check is abandoned and another card tried: the same pending order, charged with the new card.
    const retried = await t.http
      .post('/api/payments/process')
      .set(bearer(u))
      .send({
        itemId: 'single_solution_view',
        solutionId: solution.id,
        paymentMethodId: 'pm_card_mastercard',
        paymentMethodType: 'stripe_card',
      })
      .expect(200);
    expect(retried.body).toMatchObject({ success: true, orderId: action.body.orderId });
    expect(await h.order(action.body.orderId)).toMatchObject({
      status: 'paid',
      gatewayTradeNo: retried.body.paymentIntentId,
    });
    // Should the abandoned check succeed after all, that second payment is flagged for a refund.
    await webhook(
      event(
        'payment_intent.succeeded',
        intentOf(action.body.orderId, action.body.paymentIntentId, 'succeeded'),
      ),
    ).expect(200);
    expect(await h.order(action.body.orderId)).toMatchObject({
      status: 'paid',
      gatewayTradeNo: retried.body.paymentIntentId,
      flaggedReason: expect.stringContaining('refund'),
    });
    expect(await h.grants(action.body.orderId)).toBe(1);
  });

  it('reconciles a card payment whose webhook never came, from the payment intent Stripe reports', async () => {
    const u = await verifiedUser(t, sink, 'reconciled');
    const admin = await verifiedUser(t, sink, 'stripeadmin');
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.session.user.id]);
    const res = await t.http
      .post('/api/payments/process')
      .set(bearer(u))
      .send({
        itemId: 'single_solution_view',
        solutionId: solution.id,
        paymentMethodId: 'pm_card_threeDSecure2Required',
        paymentMethodType: 'stripe_card',
      })
      .expect(200);
    const reconcile = () =>
      t.http.post(`/api/admin/orders/${res.body.orderId}/reconcile`).set(bearer(admin)).expect(200);
    expect((await reconcile()).body).toMatchObject({
      changed: false,
      gatewayStatus: 'requires_payment_method',
    });
    // The buyer passed 3-D Secure on Stripe's side; the webhook is lost.
    api.intentStatuses.set(res.body.paymentIntentId, 'succeeded');
    expect((await reconcile()).body).toMatchObject({
      changed: true,
      gatewayStatus: 'succeeded',
      order: { status: 'paid' },
    });
    expect(
      api.calls.some(
        (c) => c.method === 'GET' && c.path === `/v1/payment_intents/${res.body.paymentIntentId}`,
      ),
    ).toBe(true);
    expect(await h.grants(res.body.orderId)).toBe(1);
    expect((await reconcile()).body.changed).toBe(false);
  });

  /** A Stripe subscription to the basic monthly plan, paid by its first invoice's webhook. */
  const stripeSubscription = async (u: User) => {
    await t.db.query(`UPDATE plans SET "stripePriceId" = 'price_basic' WHERE code = 'basic_monthly'`);
    const res = await t.http
      .post('/api/payments/subscribe')
      .set(bearer(u))
      .send({
        priceId: await h.plan('basic_monthly'),
        paymentMethodId: 'pm_card_visa',
        paymentMethodType: 'stripe_card',
      })
      .expect(200);
    const { orderId, subscriptionId } = res.body as { orderId: string; subscriptionId: string };
    const now = Math.floor(Date.now() / 1000);
    await webhook(
      event('invoice.paid', {
        id: `in_${subscriptionId}`,
        object: 'invoice',
        parent: { subscription_details: { subscription: subscriptionId, metadata: { orderId } } },
        lines: { data: [{ period: { start: now, end: now + 30 * 86400 } }] },
      }),
    ).expect(200);
    return { orderId, subscriptionId, now };
  };

  it('starts a Stripe subscription on its first invoice and follows the newest subscription event', async () => {
    const u = await verifiedUser(t, sink, 'stripesub');
    const { orderId, subscriptionId, now } = await stripeSubscription(u);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(await h.periods(orderId)).toBe(1);
    expect(await h.me(u)).toMatchObject({ isPaid: true });
    // Stripe charges at the period end: that is the next payment.
    const renewing = (await t.http.get('/api/subscriptions/me').set(bearer(u)).expect(200)).body;
    expect(renewing.nextPaymentDate).toBe(renewing.currentPeriodEnd);
    expect(renewing.nextPaymentDate).not.toBeNull();

    // Cancelling here cancels at Stripe too, at the period end (contract §5).
    await t.http.post('/api/subscriptions/cancel').set(bearer(u)).expect(200);
    const cancelCall = api.calls.find((c) => c.path === `/v1/subscriptions/${subscriptionId}`)!;
    expect(cancelCall.form.get('cancel_at_period_end')).toBe('true');
    expect(await h.me(u)).toMatchObject({ isPaid: true });

    const sub = (cancel: boolean) => ({
      id: subscriptionId,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: cancel,
      items: { data: [{ current_period_end: now + 30 * 86400 }] },
    });
    await webhook(event('customer.subscription.updated', sub(true), now + 10)).expect(200);
    // An older event arriving late does not undo the newer cancel.
    await webhook(event('customer.subscription.updated', sub(false), now + 5)).expect(200);
    expect((await t.http.get('/api/subscriptions/me').set(bearer(u))).body.status).toBe('canceled');
    await webhook(
      event('customer.subscription.deleted', { ...sub(true), status: 'canceled' }, now + 20),
    ).expect(200);
    expect((await t.http.get('/api/subscriptions/me').set(bearer(u))).body.status).toBe('expired');
    expect(await h.me(u)).toMatchObject({ isPaid: false });
  });

  it('refunds a card payment and a subscription through Stripe’s API once, cancelling the subscription', async () => {
    const u = await verifiedUser(t, sink, 'striperefund');
    const admin = await verifiedUser(t, sink, 'striperefunder');
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.session.user.id]);
    const refund = (orderId: string) => t.http.post(`/api/admin/orders/${orderId}/refund`).set(bearer(admin));
    const refundCalls = () => api.calls.filter((c) => c.path === '/v1/refunds');
    const card = async () =>
      (
        await t.http
          .post('/api/payments/process')
          .set(bearer(u))
          .send({
            itemId: 'single_solution_view',
            solutionId: (await createSolution(t, {})).id,
            paymentMethodId: 'pm_card_visa',
            paymentMethodType: 'stripe_card',
          })
          .expect(200)
      ).body as { orderId: string; paymentIntentId: string };

    const paid = await card();
    await refund(paid.orderId).expect(200);
    await refund(paid.orderId).expect(409);
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0].idempotencyKey).toBe(`refund-${paid.orderId}`);
    expect(refundCalls()[0].form.get('payment_intent')).toBe(paid.paymentIntentId);
    expect(await h.order(paid.orderId)).toMatchObject({ status: 'refunded' });

    // Stripe refuses (the charge was refunded on its dashboard, say): the order stays paid, with the reason.
    const refused = await card();
    api.refuseRefundsWith = 'charge_already_refunded';
    const answer = await refund(refused.orderId).expect(502);
    api.refuseRefundsWith = null;
    expect(answer.body.code).toBe('REFUND_REFUSED');
    expect(await h.order(refused.orderId)).toMatchObject({
      status: 'paid',
      flaggedReason: expect.stringContaining('Refund refused'),
    });

    // A subscription: cancelled at Stripe at once, its first invoice's payment refunded, the period ended.
    const { orderId, subscriptionId } = await stripeSubscription(u);
    expect(await h.me(u)).toMatchObject({ isPaid: true });
    await refund(orderId).expect(200);
    expect(api.canceledSubscriptions.has(subscriptionId)).toBe(true);
    expect(refundCalls().at(-1)!.form.get('payment_intent')).toBe(`pi_for_in_${subscriptionId}`);
    expect(await h.me(u)).toMatchObject({ isPaid: false });
  });
});
