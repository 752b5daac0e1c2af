import { Role } from '@think-tank/contracts';
import { RefundsService } from '../src/modules/billing/refunds.service';
import { FakeAlipayPlatform } from './fakes/alipay-platform';
import { createSolution, insertUser } from './support/factories';
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
