import { Role } from '@think-tank/contracts';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { RefundsService } from '../src/modules/billing/refunds.service';
import { FakeWechatPay } from './fakes/wechatpay-platform';
import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { UA } from './support/user-agents';

/** Contract §11 "Ways to pay": WeChat Pay API v3 against a local fake that speaks its protocol. */
describe('WeChat Pay', () => {
  let t: TestApp;
  const wechat = new FakeWechatPay();

  beforeAll(async () => {
    t = await startTestApp(wechat.env(await wechat.start()));
  });
  afterAll(async () => {
    await t.close();
    await wechat.stop();
  });

  type Auth = Record<string, string>;
  const buyView = async (auth: Auth, solutionId: string, userAgent?: string) => {
    const req = t.http.post('/api/solutions/initiate-solution-payment').set(auth);
    if (userAgent) req.set('User-Agent', userAgent);
    return (await req.send({ solutionId, paymentGateway: 'wechatpay' }).expect(200)).body;
  };
  const post = (n: { body: string; headers: Record<string, string> }) =>
    t.http
      .post('/api/payments/wechatpay/notify')
      .set({ ...n.headers, 'content-type': 'application/json' })
      .send(n.body);
  const orderOf = async (id: string) => (await t.db.query(`SELECT * FROM orders WHERE id = $1`, [id]))[0];
  const grants = async (orderId: string) =>
    Number(
      (
        await t.db.query(`SELECT count(*) AS n FROM solution_access_grants WHERE "orderId" = $1`, [orderId])
      )[0].n,
    );

  it('is on offer once configured', async () => {
    expect((await t.http.get('/api/payments/options').expect(200)).body).toMatchObject({ wechatpay: true });
  });

  it('draws a Native QR on a desktop and settles once on a signed notify, even 20 at once', async () => {
    const buyer = await insertUser(t);
    const solution = await createSolution(t);
    const started = await buyView(buyer.auth, solution.id);
    expect(started).toEqual({
      type: 'qrcode',
      codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/),
      orderId: expect.any(String),
    });
    const tradeNo = started.orderId.replace(/-/g, '');
    const asked = wechat.calls.find((c) => c.path === '/v3/pay/transactions/native')!;
    expect(asked.validSign).toBe(true);
    expect(asked.body).toMatchObject({
      mchid: wechat.mchid,
      appid: wechat.appid,
      out_trade_no: tradeNo,
      amount: { total: 500, currency: 'CNY' },
      notify_url: 'http://localhost:3000/api/payments/wechatpay/notify',
    });

    // The buyer scans and pays; WeChat Pay tells us, 20 times at once (each a request of its own, one notify id).
    const id = 'EV-2018052810041450000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(wechat.notify(wechat.paid(tradeNo, 500), { id }))),
    );
    // Each is a success to WeChat Pay: 204 for the ones that handled it, 200 for those that found it handled.
    expect(answers.filter((a) => a.status === 204).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 204 || a.status === 200)).toBe(true);
    expect(await orderOf(started.orderId)).toMatchObject({ status: 'paid', gateway: 'wechatpay' });
    expect(await grants(started.orderId)).toBe(1);
    await t.http.get(`/api/solutions/${solution.id}/view`).set(buyer.auth).expect(200);
  });

  it('changes nothing for a bad notify: forged, stale, replayed, another merchant, another amount', async () => {
    const buyer = await insertUser(t);
    const started = await buyView(buyer.auth, (await createSolution(t)).id);
    const tradeNo = started.orderId.replace(/-/g, '');
    const refused = async (n: { body: string; headers: Record<string, string> }, status: number) => {
      const res = await post(n).expect(status);
      expect(res.body).toMatchObject({ code: 'FAIL' });
    };
    await refused(wechat.notify(wechat.paid(tradeNo, 500), { signWith: wechat.stranger }), 401);
    await refused(
      wechat.notify(wechat.paid(tradeNo, 500), { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      401,
    );
    await refused(wechat.notify(wechat.paid(tradeNo, 1)), 400);
    await refused(wechat.notify(wechat.paid(tradeNo, 500, { mchid: '1900000999' })), 400);
    await refused(wechat.notify(wechat.paid(tradeNo, 500, { trade_state: 'NOTPAY' })), 400);
    // A notify tampered with after signing.
    const good = wechat.notify(wechat.paid(tradeNo, 500));
    await refused({ ...good, body: good.body.replace('支付成功', '支付成功 ') }, 401);
    expect(await orderOf(started.orderId)).toMatchObject({ status: 'pending', flaggedReason: null });

    // A genuine notify pays it; the very same request again (WeChat Pay repeating it, or a replay) is acknowledged
    // with 200 and changes nothing, whatever its nonce.
    await post(good).expect(204);
    const repeats = await Promise.all(Array.from({ length: 20 }, () => post(good)));
    expect(repeats.map((r) => r.status)).toEqual(Array(20).fill(200));
    const id = (JSON.parse(good.body) as { id: string }).id;
    await post(wechat.notify(wechat.paid(tradeNo, 500), { id })).expect(200);
    expect(await orderOf(started.orderId)).toMatchObject({ status: 'paid' });
    expect(await grants(started.orderId)).toBe(1);
  });

  it('sells a plan through its own create-order, in CNY whatever the reader’s language', async () => {
    const buyer = await insertUser(t);
    await t.db.getRepository(Plan).insert(PLAN_SEED);
    const plan = await t.db.getRepository(Plan).findOneByOrFail({ code: 'basic_monthly' });
    const started = await t.http
      .post('/api/payments/wechatpay/create-order')
      .set(buyer.auth)
      .set('Accept-Language', 'en')
      .send({ paymentType: 'subscription', priceId: plan.id })
      .expect(200);
    expect(started.body.type).toBe('qrcode');
    expect(await orderOf(started.body.orderId)).toMatchObject({
      gateway: 'wechatpay',
      amount: 3900,
      currency: 'CNY',
      itemId: plan.id,
    });
  });

  it('sends a phone’s browser to H5 pay, with the buyer’s address and a way back to the order', async () => {
    const buyer = await insertUser(t);
    const started = await buyView(buyer.auth, (await createSolution(t)).id, UA.iphone);
    expect(started).toMatchObject({
      type: 'redirect',
      paymentUrl: expect.stringMatching(
        /^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=/,
      ),
    });
    // WeChat's cashier sends the buyer on to redirect_url, the page that polls the order.
    expect(new URL(started.paymentUrl).searchParams.get('redirect_url')).toBe(
      `http://localhost:3000/payment/return?orderId=${started.orderId}`,
    );
    const asked = wechat.calls.filter((c) => c.path === '/v3/pay/transactions/h5').at(-1)!;
    expect(asked.body).toMatchObject({
      out_trade_no: started.orderId.replace(/-/g, ''),
      scene_info: { payer_client_ip: expect.stringMatching(/127\.0\.0\.1/), h5_info: { type: 'Wap' } },
    });
  });

  it('shows support how each order was handed over, and its gateway’s orders alone', async () => {
    const buyer = await insertUser(t);
    const support = await insertUser(t, Role.Support);
    const started = await buyView(buyer.auth, (await createSolution(t)).id);
    expect(await orderOf(started.orderId)).toMatchObject({ method: 'native' });
    // The buyer gives up on the desktop's code and pays the same order on the phone: H5, recorded so.
    const resumed = await t.http
      .post(`/api/payments/orders/${started.orderId}/pay`)
      .set({ ...buyer.auth, 'User-Agent': UA.iphone })
      .send({})
      .expect(200);
    expect(resumed.body).toMatchObject({ type: 'redirect', orderId: started.orderId });
    const list = (query: string) =>
      t.http.get(`/api/admin/orders?userId=${buyer.id}${query}`).set(support.auth);
    expect((await list('&gateway=wechatpay').expect(200)).body.items).toEqual([
      expect.objectContaining({ id: started.orderId, gateway: 'wechatpay', method: 'h5' }),
    ]);
    expect((await list('&gateway=alipay').expect(200)).body.items).toEqual([]);
    await list('&gateway=paypal').expect(400);
  });

  it('settles by reconciliation a paid trade whose notify was lost, once', async () => {
    const buyer = await insertUser(t);
    const support = await insertUser(t, Role.Support);
    const started = await buyView(buyer.auth, (await createSolution(t)).id);
    const tradeNo = started.orderId.replace(/-/g, '');
    const reconcile = () =>
      t.http.post(`/api/admin/orders/${started.orderId}/reconcile`).set(support.auth).expect(200);
    expect((await reconcile()).body).toMatchObject({ changed: false, gatewayStatus: 'NOTPAY' });
    wechat.trades.set(tradeNo, { total: 500, state: 'SUCCESS', transactionId: '4200000777' });
    expect((await reconcile()).body).toMatchObject({
      changed: true,
      gatewayStatus: 'SUCCESS',
      order: { status: 'paid', gatewayTradeNo: '4200000777' },
    });
    expect((await reconcile()).body.changed).toBe(false);
    expect(await grants(started.orderId)).toBe(1);
    const query = wechat.calls.filter((c) => c.path === `/v3/pay/transactions/out-trade-no/${tradeNo}`);
    expect(query.every((c) => c.method === 'GET' && c.validSign)).toBe(true);

    // Another left unpaid past its code's two hours: closed at WeChat Pay, canceled here.
    const left = await buyView(buyer.auth, (await createSolution(t)).id);
    await t.db.query(`UPDATE orders SET "createdAt" = now() - interval '3 hours' WHERE id = $1`, [
      left.orderId,
    ]);
    const closed = await t.http
      .post(`/api/admin/orders/${left.orderId}/reconcile`)
      .set(support.auth)
      .expect(200);
    expect(closed.body).toMatchObject({
      changed: true,
      gatewayStatus: 'CLOSED',
      order: { status: 'canceled' },
    });
    const leftNo = left.orderId.replace(/-/g, '');
    expect(wechat.trades.get(leftNo)?.state).toBe('CLOSED');
    expect(wechat.calls.at(-1)).toMatchObject({
      path: `/v3/pay/transactions/out-trade-no/${leftNo}/close`,
      validSign: true,
    });
  });

  /** A view bought and paid through WeChat Pay (its notify handled), with the trade as WeChat Pay's books hold it. */
  async function paidView(buyer: { auth: Auth }) {
    const solution = await createSolution(t);
    const started = await buyView(buyer.auth, solution.id);
    const tradeNo = started.orderId.replace(/-/g, '');
    const paid = wechat.paid(tradeNo, 500);
    wechat.trades.set(tradeNo, {
      total: 500,
      state: 'SUCCESS',
      transactionId: paid.transaction_id,
      type: 'native',
    });
    await post(wechat.notify(paid)).expect(204);
    return { orderId: started.orderId as string, solution, refundNo: tradeNo };
  }

  it('refunds through WeChat Pay once, keyed by the order, and revokes the view when the money is back', async () => {
    const buyer = await insertUser(t);
    const admin = await insertUser(t, Role.Admin);
    const { orderId, solution, refundNo } = await paidView(buyer);
    const refund = () => t.http.post(`/api/admin/orders/${orderId}/refund`).set(admin.auth);
    // WeChat Pay accepts the refund and is processing it: the order stays paid until the money is back.
    expect((await refund().expect(202)).body.refund).toMatchObject({ status: 'pending' });
    // Asked again, WeChat Pay answers for the same refund (the same out_refund_no): no second one.
    await refund().expect(202);
    expect(wechat.refunds.get(refundNo)).toMatchObject({ outTradeNo: refundNo, refund: 500 });
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid' });
    const asked = wechat.calls.filter((c) => c.path === '/v3/refund/domestic/refunds').at(-1)!;
    expect(asked.body).toMatchObject({
      transaction_id: wechat.paid(refundNo, 500).transaction_id,
      out_refund_no: refundNo,
    });
    // Its notify says the money is back: refunded, the view revoked; WeChat Pay repeating it changes nothing.
    const done = wechat.refundNotice(refundNo, 'SUCCESS');
    await post(done).expect(204);
    await post(done).expect(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded' });
    await t.http.get(`/api/solutions/${solution.id}/view`).set(buyer.auth).expect(402);
    expect([...wechat.refunds.values()].filter((r) => r.outTradeNo === refundNo)).toHaveLength(1);
  });

  it('ends a refund WeChat Pay reports ABNORMAL failed, not refunded: support sees it, the buyer is told', async () => {
    const buyer = await insertUser(t);
    const admin = await insertUser(t, Role.Admin);
    const { orderId, solution, refundNo } = await paidView(buyer);
    await t.http.post(`/api/admin/orders/${orderId}/refund`).set(admin.auth).expect(202);
    await post(wechat.refundNotice(refundNo, 'ABNORMAL')).expect(204);
    const seen = (await t.http.get(`/api/admin/orders/${orderId}`).set(admin.auth).expect(200)).body;
    expect(seen).toMatchObject({
      status: 'paid',
      flaggedReason: expect.stringContaining('refund failed'),
      refund: { status: 'failed', reason: 'WeChat Pay refund ABNORMAL' },
    });
    const flagged = await t.http.get('/api/admin/orders?flagged=true').set(admin.auth).expect(200);
    expect(flagged.body.items.map((o: { id: string }) => o.id)).toContain(orderId);
    // The view is not taken back for money that never left.
    await t.http.get(`/api/solutions/${solution.id}/view`).set(buyer.auth).expect(200);
    const gauge = await t.http.get('/metrics').expect(200);
    expect(gauge.text).toMatch(/^refunds_failed_oldest_seconds(\{[^}]*\})? [\d.]+$/m);
    const messages = (await t.http.get('/api/messages').set(buyer.auth).expect(200)).body.messages;
    expect(messages[0].title).toBe('退款未能到账');
    // Support contacts the buyer and asks again: WeChat Pay sends the money to the merchant's card, then says done.
    const again = await t.http.post(`/api/admin/orders/${orderId}/refund`).set(admin.auth).expect(202);
    expect(again.body.refund).toMatchObject({ status: 'pending' });
    expect(wechat.calls.at(-1)).toMatchObject({
      path: expect.stringMatching(/\/apply-abnormal-refund$/),
      validSign: true,
      body: { out_refund_no: refundNo, type: 'MERCHANT_BANK_CARD' },
    });
    await post(wechat.refundNotice(refundNo, 'SUCCESS')).expect(204);
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded' });
    // The worker asking again hears the same from WeChat Pay (CLOSED here): still failed, never refunded.
    const other = await paidView(buyer);
    await t.http.post(`/api/admin/orders/${other.orderId}/refund`).set(admin.auth).expect(202);
    wechat.refunds.get(other.refundNo)!.status = 'CLOSED';
    await t.app.get(RefundsService).retryPending(0);
    expect(
      (await t.http.get(`/api/admin/orders/${other.orderId}`).set(admin.auth).expect(200)).body,
    ).toMatchObject({
      status: 'paid',
      refund: { status: 'failed' },
    });
  });

  it('pays a pending order again with the QR code it has, at most 10 times a minute (contract §12)', async () => {
    const buyer = await insertUser(t);
    const started = await buyView(buyer.auth, (await createSolution(t)).id);
    const asked = () => wechat.calls.filter((c) => c.path.startsWith('/v3/pay/transactions/')).length;
    const before = asked();
    for (let i = 0; i < 10; i++) {
      const again = await t.http
        .post(`/api/payments/orders/${started.orderId}/pay`)
        .set(buyer.auth)
        .expect(200);
      expect(again.body).toEqual(started);
    }
    // The code WeChat Pay gave is still valid: none of the ten asked for another.
    expect(asked()).toBe(before);
    const refused = await t.http
      .post(`/api/payments/orders/${started.orderId}/pay`)
      .set(buyer.auth)
      .expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(asked()).toBe(before);
    // Another buyer's checkout is not held up by it.
    const other = await insertUser(t);
    await buyView(other.auth, (await createSolution(t)).id);
  });
});
