import { Role } from '@think-tank/contracts';
import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { createSolution, insertUser, paySandbox } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

type Auth = Record<string, string>;
const DAY = 24 * 3600 * 1000;

/** Contract §12 "Plans change at once": an upgrade starts now with the unused days credited; the rest queue. */
describe('plan changes', () => {
  let t: TestApp;
  let admin: Auth;
  beforeAll(async () => {
    t = await startTestApp();
    await t.db.getRepository(Plan).insert(PLAN_SEED);
    // Two views a day under the Professional plans, so that a test reaches the limit in two reads.
    await t.db.query(`UPDATE plans SET "dailyViewLimit" = 2 WHERE code LIKE 'pro_%'`);
    admin = (await insertUser(t, Role.Admin)).auth;
  });
  afterAll(() => t.close());

  const planId = async (code: string) => (await t.db.getRepository(Plan).findOneByOrFail({ code })).id;
  const view = (auth: Auth, solutionId: string) => t.http.get(`/api/solutions/${solutionId}/view`).set(auth);
  const quote = async (auth: Auth, code: string) =>
    (
      await t.http
        .get(`/api/payments/plan-quote/${await planId(code)}`)
        .set(auth)
        .expect(200)
    ).body;
  /** Buys the plan in the sandbox; answers the create-order body. */
  async function buy(auth: Auth, code: string) {
    const order = await t.http
      .post('/api/payments/alipay/create-order')
      .set(auth)
      .send({ paymentType: 'subscription', priceId: await planId(code) })
      .expect(200);
    await paySandbox(t, order.body.paymentUrl);
    return order.body as { orderId: string; creditApplied: number; startsAt: string };
  }
  const periods = (userId: string) =>
    t.db.query(
      `SELECT p.code, s.status, s."currentPeriodStart" AS start, s."currentPeriodEnd" AS end
         FROM subscriptions s JOIN plans p ON p.id = s."planId" WHERE s."userId" = $1 ORDER BY s."createdAt"`,
      [userId],
    ) as Promise<{ code: string; status: string; start: Date; end: Date }[]>;
  const orderOf = async (id: string) => (await t.db.query(`SELECT * FROM orders WHERE id = $1`, [id]))[0];

  it('lets a Professional subscriber at the limit buy VIP and read on at once, the unused days credited', async () => {
    const u = await insertUser(t);
    const pro = await buy(u.auth, 'pro_yearly');
    expect(pro.creditApplied).toBe(0);
    const [a, b, c] = await Promise.all([createSolution(t), createSolution(t), createSolution(t)]);
    await view(u.auth, a.id).expect(200);
    await view(u.auth, b.id).expect(200);
    const refused = await view(u.auth, c.id).expect(403);
    expect(refused.body.upgradeOptions.map((p: { name: string }) => p.name)).toContain('VIP 会员（年付）');

    const offer = await quote(u.auth, 'vip_yearly');
    // Bought a moment ago: every day of it unused (a day begun counts as unused), all of the ¥999 credited.
    expect(offer).toMatchObject({ upgrade: true, creditApplied: 99900, amount: 200000, currency: 'CNY' });
    expect(Date.parse(offer.startsAt)).toBeLessThanOrEqual(Date.now());

    const vip = await buy(u.auth, 'vip_yearly');
    expect(vip.creditApplied).toBe(99900);
    expect(await orderOf(vip.orderId)).toMatchObject({ amount: 200000, creditApplied: 99900 });
    const status = await t.http.get(`/api/payments/order-status/${vip.orderId}`).set(u.auth).expect(200);
    expect(status.body).toMatchObject({ status: 'paid', creditApplied: 99900, amount: 200000 });
    // The VIP period is live now; the Professional one ended into the credit.
    await view(u.auth, c.id).expect(200);
    expect((await periods(u.id)).map((p) => [p.code, p.status])).toEqual([
      ['pro_yearly', 'replaced'],
      ['vip_yearly', 'active'],
    ]);
    expect((await t.http.get('/api/subscriptions/me').set(u.auth).expect(200)).body.planName).toBe(
      'VIP 会员（年付）',
    );

    // Refunding the upgrade gives the Professional period back as it was, and takes VIP away.
    await t.http.post(`/api/admin/orders/${vip.orderId}/refund`).set(admin).expect(200);
    expect((await periods(u.id)).map((p) => [p.code, p.status])).toEqual([
      ['pro_yearly', 'active'],
      ['vip_yearly', 'expired'],
    ]);
    await view(u.auth, (await createSolution(t)).id).expect(403);
  });

  it('starts a plan that lifts nothing when the live one ends, and says from which day', async () => {
    const u = await insertUser(t);
    await buy(u.auth, 'pro_monthly');
    const [live] = await periods(u.id);
    const offer = await quote(u.auth, 'pro_quarterly');
    expect(offer).toMatchObject({ upgrade: false, creditApplied: 0, amount: 26900, currency: 'CNY' });
    expect(offer.startsAt).toBe(new Date(live.end).toISOString());
    const next = await buy(u.auth, 'pro_quarterly');
    expect(next).toMatchObject({ creditApplied: 0, startsAt: new Date(live.end).toISOString() });
    const [, queued] = await periods(u.id);
    expect(queued).toMatchObject({ code: 'pro_quarterly', status: 'active' });
    expect(new Date(queued.start).getTime()).toBe(new Date(live.end).getTime());
  });

  it('moves later periods up when an earlier one is refunded', async () => {
    const u = await insertUser(t);
    const first = await buy(u.auth, 'pro_monthly');
    await buy(u.auth, 'pro_monthly');
    await buy(u.auth, 'pro_monthly');
    const before = await periods(u.id);
    const length = (p: { start: Date; end: Date }) => new Date(p.end).getTime() - new Date(p.start).getTime();
    await t.http.post(`/api/admin/orders/${first.orderId}/refund`).set(admin).expect(200);
    const [refunded, second, third] = await periods(u.id);
    expect(refunded.status).toBe('expired');
    // The second starts now, the third where the second ends, each as long as it was bought.
    expect(Math.abs(new Date(second.start).getTime() - Date.now())).toBeLessThan(60_000);
    expect(length(second)).toBe(length(before[1]));
    expect(new Date(third.start).getTime()).toBe(new Date(second.end).getTime());
    expect(length(third)).toBe(length(before[2]));
    // Reading goes on under the period moved up.
    await view(u.auth, (await createSolution(t)).id).expect(200);
  });

  it('pushes a queued period back behind an upgrade, so no day of it is lost', async () => {
    const u = await insertUser(t);
    await buy(u.auth, 'pro_monthly');
    await buy(u.auth, 'pro_monthly');
    const queuedDays = (await periods(u.id))[1];
    const vip = await buy(u.auth, 'vip_yearly');
    expect(vip.creditApplied).toBeGreaterThan(0);
    const [, queued, live] = await periods(u.id);
    expect(live).toMatchObject({ code: 'vip_yearly', status: 'active' });
    expect(new Date(queued.start).getTime()).toBe(new Date(live.end).getTime());
    expect(new Date(queued.end).getTime() - new Date(queued.start).getTime()).toBe(
      new Date(queuedDays.end).getTime() - new Date(queuedDays.start).getTime(),
    );
    expect(new Date(live.end).getTime() - Date.now()).toBeGreaterThan(360 * DAY);
  });
});
