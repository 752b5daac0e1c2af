/** The payment specs' setup: the app with the seeded plans, and the steps every gateway's spec shares. */
import { PLAN_SEED } from '../../src/database/seeds/plans.seed';
import { Plan } from '../../src/modules/billing/entities/plan.entity';
import { bearer, type verifiedUser } from './accounts';
import type { SmtpSink } from './smtp-sink';
import { startTestApp, type TestApp } from './test-app';

export type User = Awaited<ReturnType<typeof verifiedUser>>;

/** The app on a fresh database with the seeded plans, its mail going to the sink. */
export async function startWithPlans(sink: SmtpSink, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({ SMTP_URL: await sink.start(), ...env });
  await t.db.getRepository(Plan).insert(PLAN_SEED);
  return t;
}

export async function stop(t: TestApp, sink: SmtpSink): Promise<void> {
  await t.close();
  await sink.stop();
}

/** Shared steps of the payment specs' gateway setups. */
export function helpers(get: () => TestApp) {
  const h = {
    plan: async (code: string) => (await get().db.getRepository(Plan).findOneByOrFail({ code })).id,
    order: async (id: string) =>
      (await get().db.query(`SELECT * FROM orders WHERE id = $1`, [id]))[0] as Record<string, unknown>,
    count: async (sql: string, params: unknown[]) => Number((await get().db.query(sql, params))[0].n),
    grants: (orderId: string) =>
      h.count(`SELECT count(*) AS n FROM solution_access_grants WHERE "orderId" = $1`, [orderId]),
    periods: (orderId: string) =>
      h.count(`SELECT count(*) AS n FROM subscriptions WHERE "orderId" = $1`, [orderId]),
    view: (u: User, solutionId: string) => get().http.get(`/api/solutions/${solutionId}/view`).set(bearer(u)),
    me: async (u: User) => (await get().http.get('/api/auth/me').set(bearer(u)).expect(200)).body,
    /** Starts a wallet subscription to the plan with this code. */
    subscribe: async (u: User, code: string) =>
      get()
        .http.post('/api/payments/alipay/create-order')
        .set(bearer(u))
        .send({ paymentType: 'subscription', priceId: await h.plan(code) })
        .expect(200),
    payView: (u: User, solutionId: string, paymentGateway?: string) =>
      get().http.post('/api/solutions/initiate-solution-payment').set(bearer(u)).send({
        solutionId,
        paymentGateway,
        itemId: 'single_solution_view',
        itemType: 'solution_view',
        amount: 1,
        currency: 'CNY',
      }),
  };
  return h;
}
