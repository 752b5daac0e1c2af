import type { SessionResponse } from '@think-tank/contracts';
import { bearer, verifiedUser } from './support/accounts';
import { createSolution, paySandbox } from './support/factories';
import { appWithMailSink, type TestApp } from './support/test-app';

/** The signed-in user's own account (contract §11 "Accounts and library"), on one app. */
let t: TestApp;
const sink = appWithMailSink((app) => (t = app));

describe('changing the password while signed in (PUT /api/auth/password)', () => {
  const login = (username: string, password: string) =>
    t.http.post('/api/auth/login').send({ username, password });

  it('ends every other session, keeps this device signed in with a new one, audits and mails it', async () => {
    const u = await verifiedUser(t, sink, 'pwchange');
    const other = (await login(u.username, u.password).expect(200)).body as SessionResponse;

    const res = await t.http
      .put('/api/auth/password')
      .set(bearer(u))
      .set('Accept-Language', 'zh-CN')
      .send({ currentPassword: u.password, newPassword: 'N3w!passw0rd' })
      .expect(200);
    const fresh = res.body as SessionResponse;
    expect(fresh).toMatchObject({
      message: '密码已修改，其他设备上的登录已退出',
      user: { id: u.session.user.id },
    });

    // The other device: its access token and its refresh token are over. This device goes on with its new session.
    await t.http
      .get('/api/auth/me')
      .set(bearer({ session: other }))
      .expect(401);
    await t.http.post('/api/auth/refresh').send({ refresh_token: other.refresh_token }).expect(401);
    await t.http.get('/api/auth/me').set(bearer(u)).expect(401);
    await t.http
      .get('/api/auth/me')
      .set(bearer({ session: fresh }))
      .expect(200);
    await t.http.post('/api/auth/refresh').send({ refresh_token: fresh.refresh_token }).expect(200);

    await login(u.username, u.password).expect(401);
    await login(u.username, 'N3w!passw0rd').expect(200);
    const [entry] = await t.db.query(
      `SELECT "actorId", action FROM audit_entries WHERE "targetId" = $1 AND action LIKE 'account.%'`,
      [u.session.user.id],
    );
    expect(entry).toEqual({ actorId: u.session.user.id, action: 'account.password_changed' });
    // The code mail, then the notice.
    const notice = await sink.last(u.email, 2);
    expect(notice.subject).toBe('智库：您的密码已修改');
    expect(notice.text).toContain('http://localhost:3000/forgot-password');
  });

  it('refuses a wrong current password (400, never 401: the session stays) and a weak new one', async () => {
    const u = await verifiedUser(t, sink, 'pwwrong');
    const wrong = await t.http
      .put('/api/auth/password')
      .set(bearer(u))
      .set('Accept-Language', 'en-US')
      .send({ currentPassword: 'Not!th3pass', newPassword: 'N3w!passw0rd' })
      .expect(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', message: 'The current password is wrong.' });
    await t.http
      .put('/api/auth/password')
      .set(bearer(u))
      .send({ currentPassword: u.password, newPassword: 'short' })
      .expect(400, /VALIDATION_FAILED/);
    await t.http
      .put('/api/auth/password')
      .set(bearer(u))
      .send({ currentPassword: u.password, newPassword: 'x'.repeat(1 << 20) })
      .expect((r) => expect([400, 413]).toContain(r.status));
    await t.http.get('/api/auth/me').set(bearer(u)).expect(200);
    await login(u.username, u.password).expect(200);
    await t.http
      .put('/api/auth/password')
      .send({ currentPassword: 'a', newPassword: 'N3w!passw0rd' })
      .expect(401);
  });

  it('allows 5 tries at the current password per account in 15 minutes, then answers 429', async () => {
    const u = await verifiedUser(t, sink, 'pwlimit');
    const attempt = () =>
      t.http
        .put('/api/auth/password')
        .set(bearer(u))
        .send({ currentPassword: 'Not!th3pass', newPassword: 'N3w!passw0rd' });
    for (let i = 0; i < 5; i++) await attempt().expect(400);
    const limited = await attempt().expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even with the right one, until the window ends.
    await t.http
      .put('/api/auth/password')
      .set(bearer(u))
      .send({ currentPassword: u.password, newPassword: 'N3w!passw0rd' })
      .expect(429);
  });
});

describe('the data export (GET /api/users/me/export)', () => {
  const demand = (u: { session: SessionResponse }, name: string) =>
    t.http
      .post('/api/demand-store/register-demand')
      .set(bearer(u))
      .send({
        name,
        content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
      })
      .expect(201);

  it('downloads everything held about the user, nobody else’s and no secret; audited, mailed, 3 an hour', async () => {
    const u = await verifiedUser(t, sink, 'exporter');
    const other = await verifiedUser(t, sink, 'notexported');
    await demand(u, '我的需求');
    await demand(other, '别人的需求');

    const res = await t.http.get('/api/users/me/export').set(bearer(u)).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="think-tank-${u.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = JSON.parse(res.text);
    expect(data.account).toMatchObject({ id: u.session.user.id, username: u.username, email: u.email });
    expect(data.demands.map((d: { name: string }) => d.name)).toEqual(['我的需求']);
    expect(data.demands[0].stages).toHaveLength(5);
    expect(data.messages.map((m: { titleZh: string }) => m.titleZh)).toContain('欢迎来到智库');
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    for (const list of [
      'orders',
      'subscriptions',
      'unlockedSolutions',
      'favourites',
      'readingHistory',
      'invoices',
      'vipApplications',
    ])
      expect(data[list]).toEqual([]);
    expect(res.text).not.toMatch(/argon2|passwordHash|secretHash|tokenVersion/);
    expect(res.text).not.toContain('别人的需求');
    expect(res.text).not.toContain(other.email);

    const [entry] = await t.db.query(
      `SELECT action FROM audit_entries WHERE "actorId" = $1 AND action = 'account.exported'`,
      [u.session.user.id],
    );
    expect(entry).toEqual({ action: 'account.exported' });
    expect((await sink.last(u.email, 2)).subject).toBe('智库：您的账户数据已导出');

    await t.http.get('/api/users/me/export').set(bearer(u)).expect(200);
    await t.http.get('/api/users/me/export').set(bearer(u)).expect(200);
    await t.http.get('/api/users/me/export').set(bearer(u)).expect(429);
    await t.http.get('/api/users/me/export').expect(401);
  });
});

describe('the solutions a reader unlocked (GET /api/users/me/unlocked)', () => {
  const buyView = async (u: { session: SessionResponse }, solutionId: string) => {
    const { paymentUrl } = (
      await t.http
        .post('/api/solutions/initiate-solution-payment')
        .set(bearer(u))
        .send({ solutionId, itemId: 'single_solution_view' })
        .expect(200)
    ).body as { paymentUrl: string };
    await paySandbox(t, paymentUrl);
  };

  it('lists the live single views, one row per solution with its last end, newest first; nobody else’s', async () => {
    const u = await verifiedUser(t, sink, 'unlocker');
    const other = await verifiedUser(t, sink, 'otherunlocker');
    const [a, b, c] = [await createSolution(t), await createSolution(t), await createSolution(t)];
    await buyView(u, a.id);
    await buyView(u, b.id);
    await buyView(u, a.id); // a second view of a follows the first: 60 days in all
    await buyView(other, c.id);
    // A view that has ended is not a live one.
    await buyView(u, c.id);
    await t.db.query(
      `UPDATE solution_access_grants SET "expiresAt" = now() - interval '1 day' WHERE "userId" = $1 AND "solutionId" = $2`,
      [u.session.user.id, c.id],
    );

    const page = (await t.http.get('/api/users/me/unlocked').set(bearer(u)).expect(200)).body;
    expect(page).toMatchObject({ total: 2, page: 1 });
    expect(page.items.map((i: { projectName: string }) => i.projectName)).toEqual([
      a.projectName,
      b.projectName,
    ]);
    const days = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / 86_400_000);
    expect(page.items.map((i: { expiresAt: string }) => days(i.expiresAt))).toEqual([60, 30]);

    const second = (await t.http.get('/api/users/me/unlocked?page=2&pageSize=1').set(bearer(u)).expect(200))
      .body;
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ solutionId: b.id }] });
    expect((await t.http.get('/api/users/me/unlocked?page=9').set(bearer(u)).expect(200)).body).toMatchObject(
      {
        items: [],
        total: 2,
      },
    );
    await t.http.get('/api/users/me/unlocked?pageSize=1000').set(bearer(u)).expect(400);
    await t.http.get('/api/users/me/unlocked').expect(401);
  });
});
