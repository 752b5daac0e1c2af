import { Role } from '@think-tank/contracts';
import Stripe from 'stripe';
import { FakeStripeApi } from './fakes/stripe-api';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { insertUser, paySandbox } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

type Auth = Record<string, string>;

/**
 * Contract §12: a card (or Apple/Google Pay) subscription to a plan without a Stripe price creates the price in Stripe
 * on first use, idempotently, and keeps it; an upgrade's credit comes off its first invoice.
 */
describe('card subscriptions to the seeded plans', () => {
  let t: TestApp;
  const api = new FakeStripeApi();
  const secret = 'whsec_card_subscriptions';

  beforeAll(async () => {
    await api.start();
    t = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_API_URL: api.url,
    });
    await t.db.getRepository(Plan).insert(PLAN_SEED);
  });
  afterAll(async () => {
    await t.close();
    await api.stop();
  });

  const plan = (code: string) => t.db.getRepository(Plan).findOneByOrFail({ code });
  const subscribe = async (auth: Auth, code: string, status: number, paymentMethodType = 'stripe_card') =>
    t.http
      .post('/api/payments/subscribe')
      .set(auth)
      .send({ priceId: (await plan(code)).id, paymentMethodId: 'pm_card_visa', paymentMethodType })
      .expect(status);
  /** Stripe's first invoice of the subscription paid, as its webhook tells. */
  const firstInvoicePaid = (orderId: string, subscriptionId: string) => {
    const now = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: `evt_${subscriptionId}`,
      object: 'event',
      type: 'invoice.paid',
      created: now,
      data: {
        object: {
          id: `in_${subscriptionId}`,
          object: 'invoice',
          parent: { subscription_details: { subscription: subscriptionId, metadata: { orderId } } },
          lines: { data: [{ period: { start: now, end: now + 365 * 86400 } }] },
        },
      },
    });
    return t.http
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret }))
      .send(payload)
      .expect(200);
  };
  const calls = (path: string) => api.calls.filter((c) => c.path === path);

  it('creates the plan’s Stripe price on first use, keeps it, and bills the second subscriber with it', async () => {
    const first = await insertUser(t);
    const second = await insertUser(t);
    expect((await plan('pro_monthly')).stripePriceId).toBeNull();

    const one = await subscribe(first.auth, 'pro_monthly', 200);
    expect(one.body).toMatchObject({ success: true, subscriptionId: expect.stringMatching(/^sub_/) });
    const [created] = calls('/v1/prices');
    expect(Object.fromEntries(created.form)).toMatchObject({
      currency: 'cny',
      unit_amount: '9900',
      'currency_options[usd][unit_amount]': '1500',
      'recurring[interval]': 'month',
      'recurring[interval_count]': '1',
      'product_data[name]': '专业版（月付）',
    });
    const priceId = (await plan('pro_monthly')).stripePriceId;
    expect(priceId).toMatch(/^price_/);

    // Apple Pay pays as a card: the same price, no second one made.
    await subscribe(second.auth, 'pro_monthly', 200, 'applepay');
    expect(calls('/v1/prices')).toHaveLength(1);
    expect(calls('/v1/subscriptions').map((c) => c.form.get('items[0][price]'))).toEqual([priceId, priceId]);
    await firstInvoicePaid(one.body.orderId, one.body.subscriptionId);
    expect((await t.http.get('/api/subscriptions/me').set(first.auth).expect(200)).body).toMatchObject({
      planName: '专业版（月付）',
      status: 'active',
    });
  });

  it('makes a new price when support reprices the plan, never charging the old amount', async () => {
    const admin = await insertUser(t, Role.Admin);
    await subscribe((await insertUser(t)).auth, 'basic_monthly', 200);
    const before = await plan('basic_monthly');
    // Support changes the price in the console, which sends the plan back as it read it.
    const edited = (await t.http.get('/api/admin/plans').set(admin.auth).expect(200)).body.items.find(
      (p: { code: string }) => p.code === 'basic_monthly',
    );
    const { id: _id, createdAt: _c, updatedAt: _u, features: _f, featuresEn: _e, ...fields } = edited;
    await t.http
      .put(`/api/admin/plans/${before.id}`)
      .set(admin.auth)
      .send({ ...fields, priceCny: 4900 })
      .expect(200);
    const old = before.stripePriceId;
    expect((await plan('basic_monthly')).stripePriceId).toBeNull();
    await subscribe((await insertUser(t)).auth, 'basic_monthly', 200);
    const repriced = (await plan('basic_monthly')).stripePriceId;
    expect(repriced).not.toBe(old);
    expect(calls('/v1/prices').at(-1)!.form.get('unit_amount')).toBe('4900');
  });

  it('credits an upgrade by card as a one-off coupon, and refuses a card plan that would wait', async () => {
    const u = await insertUser(t);
    const pro = await t.http
      .post('/api/payments/alipay/create-order')
      .set(u.auth)
      .send({ paymentType: 'subscription', priceId: (await plan('pro_yearly')).id })
      .expect(200);
    await paySandbox(t, pro.body.paymentUrl);

    // The same limits by card: it would only start when the yearly period ends, and Stripe bills today.
    const later = await subscribe(u.auth, 'pro_monthly', 409);
    expect(later.body).toMatchObject({ code: 'PLAN_STARTS_LATER', startsAt: expect.any(String) });

    const vip = await subscribe(u.auth, 'vip_yearly', 200);
    const [coupon] = calls('/v1/coupons');
    expect(Object.fromEntries(coupon.form)).toMatchObject({
      amount_off: '99900',
      currency: 'cny',
      duration: 'once',
      max_redemptions: '1',
    });
    expect(coupon.idempotencyKey).toBe(`credit-${vip.body.orderId}`);
    expect(calls('/v1/subscriptions').at(-1)!.form.get('discounts[0][coupon]')).toMatch(/^coupon_/);
    const [order] = await t.db.query(`SELECT amount, "creditApplied" FROM orders WHERE id = $1`, [
      vip.body.orderId,
    ]);
    expect(order).toEqual({ amount: 200000, creditApplied: 99900 });
    await firstInvoicePaid(vip.body.orderId, vip.body.subscriptionId);
    expect((await t.http.get('/api/auth/me').set(u.auth).expect(200)).body.allowances).toMatchObject({
      dailyViewLimit: null,
    });
  });
});
