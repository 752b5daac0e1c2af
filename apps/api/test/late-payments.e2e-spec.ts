import { Role } from '@think-tank/contracts';
import { RefundsService } from '../src/modules/billing/refunds.service';
import { FakeAlipayPlatform } from './fakes/alipay-platform';
import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

type Auth = Record<string, string>;

/**
 * Contract §12 "Orders close where they were opened": a payment that still arrives for a cancelled order is
 * refunded automatically (not left for support to find), grants nothing, and is listed for support.
 */
describe('late payments', () => {
  let t: TestApp;
  let admin: Auth;
  const alipay = new FakeAlipayPlatform();

  beforeAll(async () => {
    t = await startTestApp({ ...alipay.env(), ALIPAY_GATEWAY: await alipay.startGateway() });
    admin = (await insertUser(t, Role.Admin)).auth;
  });
  afterAll(async () => {
    await t.close();
    await alipay.stopGateway();
  });

  /** A view order paid by Alipay, cancelled by its buyer before Alipay's notify came. */
  async function cancelledOrder(auth: Auth) {
    const solution = await createSolution(t);
    const { orderId } = (
      await t.http
        .post('/api/solutions/initiate-solution-payment')
        .set(auth)
        .send({ solutionId: solution.id, paymentGateway: 'alipay', itemId: 'single_solution_view' })
        .expect(200)
    ).body as { orderId: string };
    await t.http.post(`/api/payments/orders/${orderId}/cancel`).set(auth).expect(204);
    return { orderId, solution };
  }
  /** Alipay's notify of the payment; the same body again is Alipay repeating it. */
  const paidLate = (
    orderId: string,
    notify = alipay.notify({ out_trade_no: orderId, total_amount: '5.00' }),
  ) => t.http.post('/api/payments/alipay/notify').type('form').send(notify).expect(200, 'success');
  const order = async (id: string) =>
    (await t.http.get(`/api/admin/orders/${id}`).set(admin).expect(200)).body;

  it('returns the money of a payment for a cancelled order, once, and grants nothing', async () => {
    const buyer = await insertUser(t);
    const { orderId, solution } = await cancelledOrder(buyer.auth);
    const notify = alipay.notify({ out_trade_no: orderId, total_amount: '5.00' });
    await paidLate(orderId, notify);
    await waitFor(async () => (await order(orderId)).status === 'refunded');
    const seen = await order(orderId);
    expect(seen).toMatchObject({
      status: 'refunded',
      flaggedReason: expect.stringContaining('refunded automatically'),
      refund: { status: 'succeeded' },
    });
    expect([...alipay.refunds.values()]).toContainEqual({ outTradeNo: orderId, amount: '5.00' });
    await t.http.get(`/api/solutions/${solution.id}/view`).set(buyer.auth).expect(402);
    // Support finds it among the flagged orders.
    const flagged = await t.http.get('/api/admin/orders?flagged=true').set(admin).expect(200);
    expect(flagged.body.items.map((o: { id: string }) => o.id)).toContain(orderId);
    // The buyer is told the money is on its way back.
    const messages = (await t.http.get('/api/messages').set(buyer.auth).expect(200)).body.messages;
    expect(messages[0].title).toBe('已取消订单的付款已退回');
    // Alipay repeats its notify: nothing is refunded twice.
    const refundsBefore = alipay.refunds.size;
    await paidLate(orderId, notify);
    expect(alipay.refunds.size).toBe(refundsBefore);
    expect((await order(orderId)).status).toBe('refunded');
  });

  it('keeps asking while Alipay cannot be reached, then refunds under the same request id', async () => {
    const buyer = await insertUser(t);
    const { orderId } = await cancelledOrder(buyer.auth);
    alipay.refundTrouble = 'down';
    await paidLate(orderId);
    await waitFor(async () => (await order(orderId)).refund?.status === 'pending');
    expect((await order(orderId)).status).toBe('canceled');
    alipay.refundTrouble = null;
    expect(await t.app.get(RefundsService).retryPending(0)).toEqual({ asked: 1, refunded: 1 });
    expect(await order(orderId)).toMatchObject({ status: 'refunded', refund: { status: 'succeeded' } });
  });

  it('closes the trade at Alipay on cancel, and after two hours unpaid; a paid one is not cancelled', async () => {
    const buyer = await insertUser(t);
    const open = async () =>
      (
        await t.http
          .post('/api/solutions/initiate-solution-payment')
          .set(buyer.auth)
          .send({ solutionId: (await createSolution(t)).id, paymentGateway: 'alipay' })
          .expect(200)
      ).body.orderId as string;
    // The buyer opened Alipay's cashier (the trade exists, waiting), then cancels here.
    const waiting = await open();
    alipay.trades.set(waiting, { status: 'WAIT_BUYER_PAY', totalAmount: '5.00', tradeNo: '2026112900001' });
    await t.http.post(`/api/payments/orders/${waiting}/cancel`).set(buyer.auth).expect(204);
    expect(alipay.trades.get(waiting)?.status).toBe('TRADE_CLOSED');
    expect(alipay.gatewayCalls.at(-1)).toMatchObject({
      method: 'alipay.trade.close',
      validSign: true,
      bizContent: { out_trade_no: waiting },
    });
    // Paid at Alipay before the cancel arrived: 409, and the notify settles it.
    const paid = await open();
    alipay.trades.set(paid, { status: 'TRADE_SUCCESS', totalAmount: '5.00', tradeNo: '2026112900002' });
    await t.http.post(`/api/payments/orders/${paid}/cancel`).set(buyer.auth).expect(409);
    expect((await order(paid)).status).toBe('pending');
    // Left unpaid for two hours: reconciliation closes it at Alipay, then cancels it here.
    const left = await open();
    alipay.trades.set(left, { status: 'WAIT_BUYER_PAY', totalAmount: '5.00', tradeNo: '2026112900003' });
    await t.db.query(`UPDATE orders SET "createdAt" = now() - interval '3 hours' WHERE id = $1`, [left]);
    const reconciled = await t.http.post(`/api/admin/orders/${left}/reconcile`).set(admin).expect(200);
    expect(reconciled.body).toMatchObject({
      changed: true,
      gatewayStatus: 'TRADE_CLOSED',
      order: { status: 'canceled' },
    });
    expect(alipay.trades.get(left)?.status).toBe('TRADE_CLOSED');
  });
});
