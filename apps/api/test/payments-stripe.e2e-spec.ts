import Stripe from 'stripe';
import { FakeStripeApi } from './fakes/stripe-api';
import { bearer, verifiedUser } from './support/accounts';
import { helpers, startWithPlans, stop, type User } from './support/payments';
import { createSolution } from './support/factories';
import { waitFor } from './support/wait';
import { SmtpSink } from './support/smtp-sink';
import type { TestApp } from './support/test-app';

describe('Stripe: hosted checkout, card payments and signed webhooks', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const api = new FakeStripeApi();
  const h = helpers(() => t);
  /** A solution view paid with a card's payment method (Stripe's test ones: visa, 3-D Secure, …). */
  const payViewByCard = (u: User, paymentMethodId: string) =>
    t.http
      .post('/api/payments/process')
      .set(bearer(u))
      .send({
        itemId: 'single_solution_view',
        solutionId: solution.id,
        paymentMethodId,
        paymentMethodType: 'stripe_card',
      })
      .expect(200);
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

  it('refunds a payment reported for a canceled order through Stripe by itself, granting nothing', async () => {
    const u = await verifiedUser(t, sink, 'late');
    const { orderId } = (await h.payView(u, solution.id, 'stripe').expect(200)).body;
    await t.http.post(`/api/payments/orders/${orderId}/cancel`).set(bearer(u)).expect(204);
    await webhook(event('payment_intent.succeeded', intentOf(orderId, 'pi_late', 'succeeded'))).expect(200);
    await waitFor(async () => (await h.order(orderId)).status === 'refunded');
    expect((await h.order(orderId)).flaggedReason).toContain('refunded automatically');
    const refund = api.calls.find(
      (c) => c.path === '/v1/refunds' && c.idempotencyKey === `refund-${orderId}`,
    );
    expect(refund?.form.get('payment_intent')).toBe('pi_late');
    expect(await h.grants(orderId)).toBe(0);
  });

  it('charges a card at once, or hands back the client secret when the bank wants the buyer', async () => {
    const u = await verifiedUser(t, sink, 'carder');
    const paid = await payViewByCard(u, 'pm_card_visa');
    expect(paid.body).toMatchObject({ success: true, status: 'succeeded', requiresAction: false });
    expect(await h.order(paid.body.orderId)).toMatchObject({ status: 'paid', method: 'card' });
    expect(api.calls.find((c) => c.idempotencyKey === `pay-${paid.body.orderId}-pm_card_visa`)).toBeDefined();

    const action = await payViewByCard(u, 'pm_card_threeDSecure2Required');
    expect(action.body).toMatchObject({
      success: false,
      requiresAction: true,
      clientSecret: expect.stringContaining('_secret_'),
    });
    expect((await h.order(action.body.orderId)).status).toBe('pending');

    // The bank's check is abandoned and another card tried: the same pending order, charged with the new card.
    const retried = await payViewByCard(u, 'pm_card_mastercard');
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
    const res = await payViewByCard(u, 'pm_card_threeDSecure2Required');
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
    // A price made in Stripe's dashboard and named on the plan by support.
    api.prices.set('price_basic', { currencies: ['cny', 'usd'], recurring: true });
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
    // This test's refunds only (another test's late payment was refunded through the same fake).
    const since = api.calls.length;
    const refundCalls = () => api.calls.slice(since).filter((c) => c.path === '/v1/refunds');
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
