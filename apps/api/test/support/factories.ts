import { Role, type SolutionInput } from '@think-tank/contracts';
import { bearer, type verifiedUser } from './accounts';
import { waitFor } from './wait';
import { User } from '../../src/modules/auth/entities/user.entity';
import { TokenService } from '../../src/modules/auth/token.service';
import { Order } from '../../src/modules/billing/entities/order.entity';
import { Solution } from '../../src/modules/solutions/entities/solution.entity';
import { writeSolution } from '../../src/modules/solutions/solutions.repository';
import type { TestApp } from './test-app';

let seq = 0;

/**
 * A verified account inserted as a row, with a session issued by the real token service: for specs whose subject
 * is not registration (no mail round trip). `auth` is its Authorization header.
 */
export async function insertUser(t: TestApp, role: Role = Role.Free, fields: Partial<User> = {}) {
  seq += 1;
  const name = `u${seq}${Math.random().toString(36).slice(2, 8)}`;
  const user = await t.db.getRepository(User).save({
    username: name,
    email: `${name}@example.cn`,
    role,
    emailVerifiedAt: new Date(),
    ...fields,
  });
  const pair = await t.app.get(TokenService).issue(user);
  return { id: user.id, user, auth: { Authorization: `Bearer ${pair.access_token}` } };
}

/** A pending sandbox order of the user's for a 30-day view of the solution, inserted as a row. */
export const insertViewOrder = (
  t: TestApp,
  userId: string,
  solutionId: string,
  fields: Partial<Order> = {},
) =>
  t.db.getRepository(Order).save({
    userId,
    gateway: 'sandbox',
    paymentType: 'one-time',
    itemType: 'single_solution_view',
    itemId: 'single_solution_view',
    subjectKind: 'solution',
    subjectId: solutionId,
    subjectPart: null,
    amount: 500,
    currency: 'CNY',
    subject: '单次查看方案（30 天）',
    ...fields,
  } as Order);

/** A solution in the library (and its search form), written through the real service. */
export async function createSolution(t: TestApp, fields: Partial<SolutionInput> = {}) {
  seq += 1;
  return t.db.transaction((tx) =>
    writeSolution(
      tx,
      tx.create(Solution, {
        projectName: `方案${seq}`,
        projectRequirements: `需求描述${seq}`,
        projectRequirementsDetails: `详细说明${seq}`,
        html: `<h1>方案${seq}</h1>`,
        ...fields,
      }),
    ),
  );
}

/** A demand that passes every rule of register-demand (contract §8). */
export const DEMAND = {
  name: '门店补货',
  content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
  keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
};

/** A registered demand of the user's, its Startup waiting for its fee. */
const isVerifiedUser = (who: object): who is Awaited<ReturnType<typeof verifiedUser>> => 'session' in who;

/** A demand awaiting its start-up fee, for a user of verifiedUser or the Authorization header of insertUser's. */
export const registerDemand = async (t: TestApp, who: Auth | Awaited<ReturnType<typeof verifiedUser>>) =>
  (
    await t.http
      .post('/api/demand-store/register-demand')
      .set(isVerifiedUser(who) ? bearer(who) : who)
      .send(DEMAND)
      .expect(201)
  ).body.demandId as string;

/** Waits until the demand's Startup has completed. */
export const startupCompleted = (t: TestApp, demandId: string) =>
  waitFor(async () => {
    const [row] = await t.db.query(
      `SELECT status FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`,
      [demandId],
    );
    return row.status === 'Completed';
  }, 30_000);

type Auth = Record<string, string>;

/** The sandbox order of a registered demand's start-up fee (contract §6 initiate-demand-startup). */
export const startupOrder = async (t: TestApp, auth: Auth, demandId: string) =>
  (await t.http.post('/api/payments/initiate-demand-startup').set(auth).send({ demandId }).expect(200))
    .body as { orderId: string; paymentUrl: string };

/** Pays an order at the sandbox cashier, as the buyer's browser would: 303 to the return page. */
export async function paySandbox(t: TestApp, paymentUrl: string) {
  expect(paymentUrl).toMatch(/^\/api\/payments\/sandbox\/checkout\//);
  return t.http.post(`${paymentUrl}/pay`).expect(303);
}

/** A demand registered and its start-up fee paid through the sandbox cashier: its Startup is queued. */
export async function paidDemand(t: TestApp, auth: Auth, demand = DEMAND): Promise<string> {
  const { demandId } = (
    await t.http.post('/api/demand-store/register-demand').set(auth).send(demand).expect(201)
  ).body as { demandId: string };
  const pay = await startupOrder(t, auth, demandId);
  await paySandbox(t, pay.paymentUrl);
  return demandId;
}
