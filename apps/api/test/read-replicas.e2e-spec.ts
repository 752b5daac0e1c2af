import * as jwt from 'jsonwebtoken';
import type { ChildProcess } from 'node:child_process';
import { PrivatePostgres } from './support/private-postgres';
import { call, json, spawnApi } from './support/spawned-api';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { runCli } from './support/worker';

/**
 * Reads on a streaming replica (docs/operations/scaling.md#reads-on-a-replica): the library and the plan list may lag the primary;
 * the reader, a grant, an order never read a replica; a replica behind or down refuses nothing (issue 37).
 */
describe('reads on a streaming replica', () => {
  const primary = new PrivatePostgres();
  const replica = new PrivatePostgres(primary);
  let t: TestApp;
  let api: ChildProcess;
  let base = '';
  const sql = (server: PrivatePostgres, text: string, values: unknown[] = []) => server.query(text, values);
  /**
   * Replay on the replica paused (as far behind as the test likes) or resumed. Paused for sure once the replica says
   * so: a changed recovery_min_apply_delay takes effect some time after its reload, which a busy machine stretches.
   */
  const replay = async (on: boolean) => {
    await sql(replica, on ? 'SELECT pg_wal_replay_resume()' : 'SELECT pg_wal_replay_pause()');
    if (!on)
      await waitFor(
        async () => (await sql(replica, 'SELECT pg_get_wal_replay_pause_state() AS s'))[0].s === 'paused',
      );
  };
  const caughtUp = () =>
    waitFor(async () => {
      // A WAL record after everything done so far, and its end: the primary's commits are asynchronous
      // (synchronous_commit off), so its write position may not have reached them yet.
      const [{ sent }] = await sql(primary, `SELECT pg_create_restore_point('caught-up')::text AS sent`);
      const [{ behind }] = await sql(
        replica,
        'SELECT pg_wal_lsn_diff($1, pg_last_wal_replay_lsn()) AS behind',
        [sent],
      );
      return Number(behind) <= 0;
    }, 30_000);
  const search = async (query: string) =>
    (await call(base, `/api/solutions/search?query=${encodeURIComponent(query)}`)).body as {
      totalCount: number;
    };

  beforeAll(async () => {
    t = await startTestApp();
    await primary.start();
    const setup = await runCli(['setup'], { NODE_ENV: 'test', DATABASE_URL: primary.url });
    expect(setup.code).toBe(0);
    await replica.start();
    ({ api, base } = await spawnApi(t, {
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URLS: replica.url,
      PAYMENTS_SANDBOX: 'true',
    }));
  }, 120_000);
  afterAll(async () => {
    api?.kill('SIGKILL');
    await replica.destroy();
    await primary.destroy();
    await t.close();
  }, 60_000);

  it('searches the replica, and a buyer whose grant only the primary has yet reads what they paid for', async () => {
    await caughtUp();
    await replay(false);
    // A solution and a buyer that only the primary has: the replica replays nothing meanwhile.
    const [solution] = await sql(
      primary,
      `INSERT INTO solutions ("projectName", "projectRequirements", "projectRequirementsDetails", html)
       VALUES ('副本延迟冷链方案', '冷链', '冷链仓储', '<h1>副本延迟冷链方案</h1>') RETURNING id`,
    );
    await sql(
      primary,
      `INSERT INTO solution_search ("solutionId", "createdAt", text, grams)
       SELECT id, "createdAt", '副本延迟冷链方案', ARRAY['副本','本延','延迟','迟冷','冷链','链方','方案'] FROM solutions WHERE id = $1`,
      [solution.id],
    );
    const [buyer] = await sql(
      primary,
      `INSERT INTO users (username, email, role, "emailVerifiedAt") VALUES ('lagbuyer', 'lagbuyer@example.cn', 'Free', now()) RETURNING id`,
    );
    const auth = {
      authorization: `Bearer ${jwt.sign({ sub: buyer.id, role: 'Free', typ: 'access', ver: 0 }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 600 })}`,
    };

    // The library reads the replica: the new solution is not found there yet…
    expect((await search('副本延迟')).totalCount).toBe(0);
    // …but its teaser, read where it exists, is.
    expect((await call(base, `/api/solutions/${solution.id}/teaser`)).status).toBe(200);
    // Money and access read the primary: the order, its payment, the grant and the view.
    const order = await call(
      base,
      '/api/solutions/initiate-solution-payment',
      json({ solutionId: solution.id }, auth),
    );
    expect(order.status).toBe(200);
    const paid = await fetch(`${base}${order.body.paymentUrl as string}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const view = await call(base, `/api/solutions/${solution.id}/view`, { headers: auth });
    expect(view).toMatchObject({ status: 200, body: expect.stringContaining('副本延迟冷链方案') });

    await replay(true);
    await caughtUp();
    expect((await search('副本延迟')).totalCount).toBe(1);
  });

  it('reads the primary while the replica is down, and the replica again once it is back', async () => {
    const before = (await search('冷链')).totalCount;
    expect(before).toBeGreaterThan(0);
    await replica.stop();
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect((await search('冷链')).totalCount).toBe(before);
    const plans = await call(base, '/api/users/subscriptions/plans');
    expect(plans.status).toBe(200);
    // Only the first read waits for the refused connection; the replica then rests.
    expect(Date.now() - started).toBeLessThan(5_000);
    await replica.start();
    await caughtUp();
    expect((await search('冷链')).totalCount).toBe(before);
  });
});
