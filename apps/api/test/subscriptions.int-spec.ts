import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { Subscription } from '../src/modules/billing/entities/subscription.entity';
import { SubscriptionsService } from '../src/modules/billing/subscriptions.service';
import { createSolution, insertUser, insertViewOrder } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

const DAY = 24 * 3600 * 1000;

/**
 * The middle tier (issue 35): SubscriptionsService on the real PostgreSQL, no HTTP: what a period gives while it is
 * live (and only then), the VIP quota spent exactly, cancelling at the period end, and the daily expiry and reminder.
 */
describe('SubscriptionsService', () => {
  let t: TestApp;
  let subscriptions: SubscriptionsService;
  beforeAll(async () => {
    t = await startTestApp();
    await t.db.getRepository(Plan).insert(PLAN_SEED);
    subscriptions = t.app.get(SubscriptionsService);
  });
  afterAll(() => t.close());

  /** A period of the plan for the user, starting and ending `fromDays` and `toDays` from now. */
  async function period(userId: string, code: string, fromDays: number, toDays: number) {
    const plan = await t.db.getRepository(Plan).findOneByOrFail({ code });
    const order = await insertViewOrder(t, userId, (await createSolution(t)).id, { status: 'paid' });
    return t.db.getRepository(Subscription).save({
      userId,
      planId: plan.id,
      orderId: order.id,
      gateway: 'sandbox',
      status: 'active',
      currentPeriodStart: new Date(Date.now() + fromDays * DAY),
      currentPeriodEnd: new Date(Date.now() + toDays * DAY),
    } as Subscription);
  }

  it('gives what a live period’s plan gives, and nothing before it starts or after it ends', async () => {
    const u = await insertUser(t);
    expect(await subscriptions.planAccess(u.id)).toEqual({ paid: false, vip: false });
    await period(u.id, 'vip_yearly', 1, 30);
    await period(u.id, 'pro_monthly', -40, -10);
    expect(await subscriptions.planAccess(u.id)).toEqual({ paid: false, vip: false });
    await period(u.id, 'basic_monthly', -1, 29);
    expect(await subscriptions.planAccess(u.id)).toEqual({ paid: true, vip: false, dailyViewLimit: 20 });
    expect(await subscriptions.isVip({ id: u.id, role: 'Free' })).toBe(false);
    expect(await subscriptions.isVip({ id: u.id, role: 'vip' })).toBe(true);
  });

  it('spends a VIP period’s start-up quota exactly, however many ask at once', async () => {
    const u = await insertUser(t);
    await period(u.id, 'vip_yearly', -1, 360);
    expect(await subscriptions.isVip({ id: u.id, role: 'Free' })).toBe(true);
    const spent = await Promise.all(
      Array.from({ length: 8 }, () => t.db.transaction((tx) => subscriptions.spendVipStartup(tx, u.id))),
    );
    expect(spent.filter(Boolean)).toHaveLength(3);
    expect(await subscriptions.vipStartupsLeft(u.id)).toBe(0);
  });

  it('cancels at the period end: access stays until then; with nothing live it is refused', async () => {
    const u = await insertUser(t);
    await expect(subscriptions.cancel(u.id)).rejects.toMatchObject({ code: 'NO_ACTIVE_SUBSCRIPTION' });
    const live = await period(u.id, 'pro_monthly', -1, 29);
    expect(await subscriptions.cancel(u.id)).toEqual({
      status: 'canceled',
      currentPeriodEnd: live.currentPeriodEnd.toISOString(),
    });
    expect((await subscriptions.planAccess(u.id)).paid).toBe(true);
    expect(await subscriptions.current(u.id, 'en')).toMatchObject({
      status: 'canceled',
      nextPaymentDate: null,
    });
  });

  it('expires ended periods and reminds a period ending within 3 days once', async () => {
    const ended = await insertUser(t);
    const ending = await insertUser(t);
    const gone = await period(ended.id, 'basic_monthly', -31, -1);
    await period(ending.id, 'basic_monthly', -28, 2);
    const first = await subscriptions.expireAndRemind();
    expect(first.reminded).toContain(ending.id);
    expect((await t.db.getRepository(Subscription).findOneByOrFail({ id: gone.id })).status).toBe('expired');
    expect((await subscriptions.expireAndRemind()).reminded).not.toContain(ending.id);
  });
});
