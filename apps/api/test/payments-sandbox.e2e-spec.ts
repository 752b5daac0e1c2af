import { getQueueToken } from '@nestjs/bull';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Queue } from 'bull';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { FulfilmentService, InvoicesService } from '../src/modules/billing';
import { NotificationsService } from '../src/modules/notifications';
import { BillingItemsFulfilment } from '../src/modules/billing/billing-items.fulfilment';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { OrdersRepository } from '../src/modules/billing/orders.repository';
import { PlansRepository } from '../src/modules/billing/plans.repository';
import { RefundsRepository } from '../src/modules/billing/refunds.repository';
import { PlanChangesService } from '../src/modules/billing/plan-changes.service';
import { StripeGateway } from '../src/modules/billing/gateways/stripe.gateway';
import { SubscriptionsRepository } from '../src/modules/billing/subscriptions.repository';
import { SubscriptionsService } from '../src/modules/billing/subscriptions.service';
import { ViewGrantsRepository } from '../src/modules/billing/view-grants.repository';
import { Transactions } from '../src/core/database/transactions.service';
import { bearer, verifiedUser } from './support/accounts';
import { helpers, startWithPlans, stop } from './support/payments';
import { createSolution, paySandbox } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { startTestWorker } from './support/worker';

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

    const paid = await paySandbox(t, res.body.paymentUrl);
    expect(paid.headers.location).toBe(`/payment/return?order_id=${orderId}&gw=sandbox`);
    await paySandbox(t, res.body.paymentUrl);
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
    await paySandbox(t, again.paymentUrl);
    const [first, second] = await t.db.query(
      `SELECT "expiresAt" FROM solution_access_grants WHERE "orderId" IN ($1, $2) ORDER BY "expiresAt"`,
      [orderId, again.orderId],
    );
    expect(second.expiresAt.getTime() - first.expiresAt.getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it('lists the buyer’s own orders newest first with a link to what each bought, and nobody else’s', async () => {
    const buyer = await verifiedUser(t, sink, 'orders');
    const first = (await h.payView(buyer, solution.id).expect(200)).body;
    await paySandbox(t, first.paymentUrl);
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
    await paySandbox(t, body.paymentUrl);
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
    await paySandbox(t, body.paymentUrl);
    await t.db.query(
      `UPDATE subscriptions SET "currentPeriodEnd" = now() + interval '2 days' WHERE "orderId" = $1`,
      [body.orderId],
    );
    // A period Stripe renews by itself needs no reminder.
    const renewing = await verifiedUser(t, sink, 'autorenews');
    const stripeOrder = (await h.subscribe(renewing, 'basic_monthly')).body;
    await paySandbox(t, stripeOrder.paymentUrl);
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
    await paySandbox(t, body.paymentUrl);
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
      await paySandbox(t, body.paymentUrl);
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
    const alone = new FulfilmentService(
      t.app.get(Transactions),
      t.app.get(OrdersRepository),
      t.app.get(NotificationsService),
      t.app.get(InvoicesService),
      t.app.get(RefundsRepository),
    );
    expect(() => alone.onApplicationBootstrap()).toThrow(
      'no fulfilment handler for subscription, one_time_product, single_solution_view, demand_store_payment',
    );
    new BillingItemsFulfilment(
      alone,
      t.app.get(PlansRepository),
      t.app.get(SubscriptionsRepository),
      t.app.get(PlanChangesService),
      t.app.get(StripeGateway),
      t.app.get(ViewGrantsRepository),
    ).onModuleInit();
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
