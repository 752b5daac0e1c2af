import { Role as UserRole } from '@think-tank/contracts';
import * as jwt from 'jsonwebtoken';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TokenService } from '../src/modules/auth/token.service';
import { User } from '../src/modules/auth/entities/user.entity';
import { fuzz, report, type Actor, type Regression, type Role } from './fuzz/fuzz-run';
import { createSolution, DEMAND, insertUser } from './support/factories';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

/**
 * Contract §11 over the whole API: requests generated from the OpenAPI document (fast-check), as every kind of
 * caller. `npm test` runs a short pass (FUZZ_RUNS cases per operation and role, 3 by default); `npm run fuzz` a long
 * one, whose table it writes to bench/fuzz-results.md (FUZZ_REPORT).
 */
describe('a generated fuzz run over the whole API', () => {
  const runs = Number(process.env.FUZZ_RUNS ?? 3);
  const seed = Number(process.env.FUZZ_SEED ?? 20261126);
  let t: TestApp;
  const ids: string[] = ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1e21', 'lab-0000000000000000'];

  /** A user of the role, reset before each request (an admin call may have changed it) with a fresh token. */
  async function actor(role: Exclude<Role, 'anonymous'>): Promise<Actor & { id: string }> {
    const dbRole = {
      free: UserRole.Free,
      paid: UserRole.Free,
      support: UserRole.Support,
      admin: UserRole.Admin,
    }[role];
    const { id } = await insertUser(t, dbRole, { isPaid: role === 'paid' });
    const tokens = t.app.get(TokenService);
    return {
      role,
      id,
      token: async () => {
        await t.db.query(`UPDATE users SET role = $2, "isPaid" = $3, disabled = false WHERE id = $1`, [
          id,
          dbRole,
          role === 'paid',
        ]);
        const user = await t.db.getRepository(User).findOneByOrFail({ id });
        return (await tokens.issue(user)).access_token;
      },
    };
  }

  /** No token, or one a client cannot be trusted with: forged, expired, or a refresh token. */
  function anonymous(): Actor {
    const forged = jwt.sign(
      { sub: ids[0], role: 'admin', typ: 'access', ver: 0 },
      'another-secret-of-enough-length!',
    );
    const expired = jwt.sign({ sub: ids[0], role: 'admin', typ: 'access', ver: 0 }, TEST_JWT_SECRET, {
      expiresIn: -10,
    });
    const tokens = [null, null, forged, expired, `${ids[0]}.${'A'.repeat(43)}`];
    let i = 0;
    return { role: 'anonymous', token: async () => tokens[i++ % tokens.length] };
  }

  /** What a user sees of their own account: nothing of it may change while others are fuzzing. */
  async function seenBy(auth: Record<string, string>, demandId: string) {
    const get = async (path: string) => (await t.http.get(path).set(auth)).body as unknown;
    return {
      me: await get('/api/auth/me'),
      demands: await get('/api/demand-store'),
      demand: await get(`/api/demand-store/${demandId}`),
      messages: await get('/api/messages'),
      orders: await get('/api/payments/orders'),
      application: await get('/api/users/vip-application'),
    };
  }

  /** Objects of each user for the generated paths: a demand, an order, a lab, a solution. */
  async function ownObjects(auth: Record<string, string>) {
    const demand = await t.http.post('/api/demand-store/register-demand').set(auth).send(DEMAND).expect(201);
    const solution = await createSolution(t);
    const order = await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(auth)
      .send({ solutionId: solution.id })
      .expect(200);
    const [{ labName }] = await t.db.query(`SELECT "labName" FROM demands WHERE id = $1`, [
      demand.body.demandId,
    ]);
    ids.push(demand.body.demandId, order.body.orderId, solution.id, labName);
    return demand.body.demandId as string;
  }

  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('keeps every promise of contract §11 for generated requests, and never shows a user what others did', async () => {
    const started = Date.now();
    const victim = await insertUser(t);
    const victimDemand = await ownObjects(victim.auth);
    const users = await Promise.all((['free', 'paid', 'support', 'admin'] as const).map(actor));
    for (const u of users.slice(0, 2)) await ownObjects({ Authorization: `Bearer ${await u.token()}` });
    ids.push(victim.id, ...users.map((u) => u.id));
    const before = await seenBy(victim.auth, victimDemand);

    // Callers without a staff role first: what they do may never reach the victim.
    // Failing cases found so far, replayed first (read at run time: a 2,000-deep array is beyond the type checker).
    const regressions = JSON.parse(
      readFileSync(resolve(__dirname, 'fuzz/regressions.json'), 'utf8'),
    ) as Regression[];
    const options = { runs, seed, regressions };
    const outsiders = await fuzz(t, [anonymous(), ...users.slice(0, 2)], () => ids, options);
    expect(await seenBy(victim.auth, victimDemand)).toEqual(before);
    // Support and admin, whose calls may change others' accounts: every other promise holds for them too.
    const staff = await fuzz(t, users.slice(2), () => ids, options);

    const all = {
      rows: [...outsiders.rows, ...staff.rows],
      findings: [...outsiders.findings, ...staff.findings],
      requests: outsiders.requests + staff.requests,
      ...(outsiders.worstLoopMs >= staff.worstLoopMs
        ? { worstLoopMs: outsiders.worstLoopMs, worstLoopAt: outsiders.worstLoopAt }
        : { worstLoopMs: staff.worstLoopMs, worstLoopAt: staff.worstLoopAt }),
    };
    const seconds = Math.round((Date.now() - started) / 1000);
    if (process.env.FUZZ_REPORT)
      writeFileSync(
        resolve(__dirname, '../../..', process.env.FUZZ_REPORT),
        report(all, { runs, seed, seconds }),
      );
    console.log(
      `fuzz: ${all.requests} requests over ${all.rows.length} operation × role pairs in ${seconds} s; worst event-loop block ${all.worstLoopMs.toFixed(0)} ms (${all.worstLoopAt}); ${all.findings.length} findings`,
    );
    if (process.env.FUZZ_FINDINGS)
      writeFileSync(
        process.env.FUZZ_FINDINGS,
        all.findings
          .map((f) => `${f.operation} ${f.role} ${f.problem}: ${JSON.stringify(f.request).slice(0, 400)}`)
          .join('\n'),
      );
    expect(all.findings.map((f) => `${f.operation} as ${f.role}: ${f.problem}`)).toEqual([]);
  }, 600_000);
});
