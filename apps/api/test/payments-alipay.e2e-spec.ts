import { FakeAlipayPlatform } from './fakes/alipay-platform';
import { bearer, verifiedUser } from './support/accounts';
import { helpers, startWithPlans, stop } from './support/payments';
import { createSolution } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import type { TestApp } from './support/test-app';

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
    const refused = async (reason: string) =>
      Number(
        new RegExp(
          `^payment_notifies_refused_total\\{gateway="alipay",reason="${reason}"\\} (\\d+)$`,
          'm',
        ).exec((await t.http.get('/metrics')).text)?.[1] ?? 0,
      );
    const signed = change === 'app_id' || change === 'total_amount';
    const before = { signature: await refused('signature'), mismatch: await refused('mismatch') };
    expect((await notify(message).expect(200)).text).toBe('failure');
    // Counted by why (docs/operations/runbooks.md): only a signed one that does not fit the books moves what pages.
    expect(await refused('mismatch')).toBe(before.mismatch + (signed ? 1 : 0));
    expect(await refused('signature')).toBe(before.signature + (signed ? 0 : 1));
    const order = await h.order(orderId);
    expect(order.status).toBe('pending');
    // An unsigned message may name any order: it flags none (anyone could overwrite support's notes so).
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
