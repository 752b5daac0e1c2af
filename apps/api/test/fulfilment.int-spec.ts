import { FulfilmentService } from '../src/modules/billing';
import { createSolution, insertUser, insertViewOrder } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The middle tier (issue 35): FulfilmentService on the real PostgreSQL, no HTTP in between. Money moves once: a
 * settlement grants exactly once whoever reports it and however often, a refund takes back exactly what it gave.
 */
describe('FulfilmentService', () => {
  let t: TestApp;
  let fulfilment: FulfilmentService;
  beforeAll(async () => {
    t = await startTestApp();
    fulfilment = t.app.get(FulfilmentService);
  });
  afterAll(() => t.close());

  /** A buyer's pending view order for a new solution. */
  async function pendingView() {
    const buyer = await insertUser(t);
    const solution = await createSolution(t);
    return { buyer, solution, order: await insertViewOrder(t, buyer.id, solution.id) };
  }
  const count = async (sql: string, id: string) => Number((await t.db.query(sql, [id]))[0].n);
  const grants = (orderId: string) =>
    count(`SELECT count(*) AS n FROM solution_access_grants WHERE "orderId" = $1`, orderId);
  const messages = (userId: string) =>
    count(`SELECT count(*) AS n FROM messages WHERE "userId" = $1`, userId);
  const status = async (orderId: string) =>
    (await t.db.query(`SELECT status, "flaggedReason" FROM orders WHERE id = $1`, [orderId]))[0];

  it('settles a payment once under 20 concurrent reports: one grant, one message', async () => {
    const { buyer, order } = await pendingView();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        fulfilment.settle({ orderId: order.id, outcome: 'paid', gateway: 'sandbox', gatewayTradeNo: 'T-1' }),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await status(order.id)).toEqual({ status: 'paid', flaggedReason: null });
    expect([await grants(order.id), await messages(buyer.id)]).toEqual([1, 1]);
  });

  it('handles a gateway event once, and takes no report from another gateway', async () => {
    const { order } = await pendingView();
    const event = { gateway: 'sandbox' as const, id: 'EV-1', type: 'paid' };
    const other = await fulfilment.settle({ orderId: order.id, outcome: 'paid', gateway: 'alipay' });
    expect([other.changed, (await status(order.id)).status]).toEqual([false, 'pending']);
    const first = await fulfilment.settle({
      orderId: order.id,
      outcome: 'failed',
      gateway: 'sandbox',
      event,
    });
    const repeat = await fulfilment.settle({ orderId: order.id, outcome: 'paid', gateway: 'sandbox', event });
    expect([first.changed, repeat.changed, (await status(order.id)).status]).toEqual([true, false, 'failed']);
  });

  it('refunds a paid order once, revoking its grant; a pending one is not refunded', async () => {
    const { order } = await pendingView();
    expect(await fulfilment.refund(order.id)).toBeNull();
    await fulfilment.settle({ orderId: order.id, outcome: 'paid', gateway: 'sandbox' });
    const refunds = await Promise.all([fulfilment.refund(order.id), fulfilment.refund(order.id)]);
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect([(await status(order.id)).status, await grants(order.id)]).toEqual(['refunded', 0]);
  });

  it('grants nothing for a payment reported after the buyer cancelled, and flags it for a refund', async () => {
    const { order } = await pendingView();
    expect(await fulfilment.cancelPending(order.id)).toBe(true);
    expect(await fulfilment.cancelPending(order.id)).toBe(false);
    const late = await fulfilment.settle({ orderId: order.id, outcome: 'paid', gateway: 'sandbox' });
    expect(late.changed).toBe(false);
    expect(await status(order.id)).toEqual({
      status: 'canceled',
      flaggedReason: expect.stringContaining('refund'),
    });
    expect(await grants(order.id)).toBe(0);
  });
});
