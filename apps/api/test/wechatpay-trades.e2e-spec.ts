import { FakeWechatOAuth } from './fakes/wechat-oauth';
import { FakeWechatPay } from './fakes/wechatpay-platform';
import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { UA } from './support/user-agents';

type Auth = Record<string, string>;

/**
 * Contract §12 "WeChat": paying inside WeChat (JSAPI) with the openid its official account gives, one trade per way
 * of paying, platform certificates beside the public key, and trades closed where they were opened.
 */
describe('WeChat Pay inside WeChat, and its trades', () => {
  let t: TestApp;
  const pay = new FakeWechatPay();
  // The official account is the app WeChat Pay charges for (WECHATPAY_APPID): its openids are the payers'.
  const oauth = new FakeWechatOAuth(pay.appid);

  beforeAll(async () => {
    await oauth.start();
    t = await startTestApp({ ...pay.env(await pay.start()), ...oauth.env() });
  });
  afterAll(async () => {
    await t.close();
    await pay.stop();
    await oauth.stop();
  });

  const buyView = (auth: Auth, solutionId: string, agent?: string) => {
    const req = t.http.post('/api/solutions/initiate-solution-payment').set(auth);
    if (agent) req.set('User-Agent', agent);
    return req.send({ solutionId, paymentGateway: 'wechatpay' });
  };
  const payAgain = (auth: Auth, orderId: string, agent?: string) => {
    const req = t.http.post(`/api/payments/orders/${orderId}/pay`).set(auth);
    if (agent) req.set('User-Agent', agent);
    return req.send({});
  };
  const notify = (n: { body: string; headers: Record<string, string> }) =>
    t.http
      .post('/api/payments/wechatpay/notify')
      .set({ ...n.headers, 'content-type': 'application/json' })
      .send(n.body);
  const trades = async (orderId: string) =>
    (await t.db.query(
      `SELECT "tradeNo", method, "closedAt" FROM order_trades WHERE "orderId" = $1 ORDER BY "openedAt"`,
      [orderId],
    )) as { tradeNo: string; method: string; closedAt: Date | null }[];
  const statusOf = async (orderId: string) =>
    (await t.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status as string;

  /** The buyer's WeChat gives its openid (snsapi_base) through the address WECHAT_AUTH_REQUIRED named. */
  async function authorise(redirectUrl: string, returnTo: string) {
    oauth.consenting = oauth.person();
    const start = new URL(redirectUrl);
    start.searchParams.set('returnTo', returnTo);
    const ours = await t.http.get(`${start.pathname}${start.search}`).expect(302);
    const cookie = ([] as string[]).concat(ours.headers['set-cookie'])[0].split(';')[0];
    const atWechat = new URL(ours.headers.location);
    expect(atWechat.pathname).toBe('/connect/oauth2/authorize');
    expect(atWechat.searchParams.get('scope')).toBe('snsapi_base');
    const back = await fetch(atWechat, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const landed = await t.http
      .get(`${callback.pathname}${callback.search}`)
      .set('Cookie', cookie)
      .expect(302);
    return { landed: landed.headers.location as string, openid: oauth.consenting.openids[pay.appid] };
  }

  it('asks WeChat for the payer’s openid first, then pays by JSAPI with a paySign the merchant key signed', async () => {
    const buyer = await insertUser(t);
    const solution = await createSolution(t);
    const first = await buyView(buyer.auth, solution.id, UA.inWechat).expect(409);
    expect(first.body).toMatchObject({
      code: 'WECHAT_AUTH_REQUIRED',
      redirectUrl: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/auth\/wechat\/openid\?ticket=[\w-]{32}$/,
      ),
    });
    const page = `/solutions/${solution.id}/view`;
    const { landed, openid } = await authorise(first.body.redirectUrl, page);
    expect(landed).toBe(`http://localhost:3000${page}`);
    // The ticket was good once.
    const again = new URL(first.body.redirectUrl);
    const used = await t.http.get(`${again.pathname}${again.search}`).expect(302);
    expect(used.headers.location).toBe('http://localhost:3000/profile/orders');

    const paid = await buyView(buyer.auth, solution.id, UA.inWechat).expect(200);
    expect(paid.body).toMatchObject({
      type: 'jsapi',
      payParams: {
        appId: pay.appid,
        timeStamp: expect.stringMatching(/^\d{10}$/),
        nonceStr: expect.stringMatching(/^\w{16,32}$/),
        package: expect.stringMatching(/^prepay_id=wx\w+$/),
        signType: 'RSA',
      },
    });
    expect(pay.checkPaySign(paid.body.payParams)).toBe(true);
    expect(pay.checkPaySign({ ...paid.body.payParams, package: 'prepay_id=wx-another' })).toBe(false);
    const asked = pay.calls.filter((c) => c.path === '/v3/pay/transactions/jsapi').at(-1)!;
    expect(asked).toMatchObject({ validSign: true, body: { payer: { openid }, appid: pay.appid } });
    expect(await trades(paid.body.orderId)).toEqual([
      expect.objectContaining({ method: 'jsapi', closedAt: null }),
    ]);
  });

  it('closes the old trade and opens a new number when the order is paid another WeChat way; any settles it once', async () => {
    const buyer = await insertUser(t);
    const started = await buyView(buyer.auth, (await createSolution(t)).id).expect(200);
    const orderId = started.body.orderId as string;
    expect(started.body.type).toBe('qrcode');
    // The buyer gives up on the desktop's code and pays on the phone: the Native trade is closed first.
    const onPhone = await payAgain(buyer.auth, orderId, UA.iphone).expect(200);
    expect(onPhone.body.type).toBe('redirect');
    const [native, h5] = await trades(orderId);
    expect(native).toMatchObject({
      tradeNo: orderId.replace(/-/g, ''),
      method: 'native',
      closedAt: expect.any(Date),
    });
    expect(h5).toMatchObject({ method: 'h5', closedAt: null });
    expect(h5.tradeNo).toMatch(/^[0-9a-f]{32}$/);
    expect(h5.tradeNo).not.toBe(native.tradeNo);
    expect(pay.trades.get(native.tradeNo)?.state).toBe('CLOSED');
    expect(
      pay.calls.some((c) => c.path === '/v3/pay/transactions/h5' && c.body.out_trade_no === h5.tradeNo),
    ).toBe(true);
    // The same way again keeps its trade; back on the desktop, another.
    await payAgain(buyer.auth, orderId, UA.iphone).expect(200);
    expect(await trades(orderId)).toHaveLength(2);
    await payAgain(buyer.auth, orderId).expect(200);
    const all = await trades(orderId);
    expect(all.map((x) => x.method)).toEqual(['native', 'h5', 'native']);
    expect(all.filter((x) => !x.closedAt)).toHaveLength(1);

    // The open trade's notify settles it; WeChat Pay's word on another of its trades changes nothing more.
    const open = all.at(-1)!;
    await notify(pay.notify(pay.paid(open.tradeNo, 500))).expect(204);
    expect(await statusOf(orderId)).toBe('paid');
    await notify(pay.notify(pay.paid(h5.tradeNo, 500))).expect(204);
    expect(await statusOf(orderId)).toBe('paid');
    const flagged = (await t.db.query(`SELECT "flaggedReason" FROM orders WHERE id = $1`, [orderId]))[0];
    expect(flagged.flaggedReason).toBeNull();
  });

  it('refuses to open a new trade when the old one was paid meanwhile', async () => {
    const buyer = await insertUser(t);
    const started = await buyView(buyer.auth, (await createSolution(t)).id).expect(200);
    const tradeNo = (started.body.orderId as string).replace(/-/g, '');
    pay.trades.get(tradeNo)!.state = 'SUCCESS';
    await payAgain(buyer.auth, started.body.orderId, UA.iphone).expect(409);
    expect(await trades(started.body.orderId)).toHaveLength(1);
  });

  it('accepts a notify signed with a platform certificate from /v3/certificates, beside the public key', async () => {
    const buyer = await insertUser(t);
    const started = await buyView(buyer.auth, (await createSolution(t)).id).expect(200);
    const tradeNo = (started.body.orderId as string).replace(/-/g, '');
    const before = pay.certificateDownloads;
    await notify(pay.notify(pay.paid(tradeNo, 500), { byCertificate: true })).expect(204);
    expect(pay.certificateDownloads).toBe(before + 1);
    expect(await statusOf(started.body.orderId)).toBe('paid');
    // A serial nobody issued is refused, and does not make every request download the certificates again.
    const forged = pay.notify(pay.paid(tradeNo, 500), { byCertificate: true });
    for (let i = 0; i < 5; i++)
      await notify({ ...forged, headers: { ...forged.headers, 'wechatpay-serial': `7A${i}` } }).expect(401);
    expect(pay.certificateDownloads).toBeLessThanOrEqual(before + 2);
  });

  it('closes the trade at WeChat Pay when the buyer cancels, so its code takes no money', async () => {
    const buyer = await insertUser(t);
    const started = await buyView(buyer.auth, (await createSolution(t)).id).expect(200);
    const orderId = started.body.orderId as string;
    await t.http.post(`/api/payments/orders/${orderId}/cancel`).set(buyer.auth).expect(204);
    expect(pay.trades.get(orderId.replace(/-/g, ''))?.state).toBe('CLOSED');
    expect(await trades(orderId)).toEqual([expect.objectContaining({ closedAt: expect.any(Date) })]);
    expect(await statusOf(orderId)).toBe('canceled');
    // Paid before the cancel reached WeChat Pay: not cancelled, its notify settles it.
    const other = await buyView(buyer.auth, (await createSolution(t)).id).expect(200);
    pay.trades.get((other.body.orderId as string).replace(/-/g, ''))!.state = 'SUCCESS';
    await t.http.post(`/api/payments/orders/${other.body.orderId}/cancel`).set(buyer.auth).expect(409);
    expect(await statusOf(other.body.orderId)).toBe('pending');
  });
});
