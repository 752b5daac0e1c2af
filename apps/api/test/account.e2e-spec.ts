import type { SessionResponse } from '@think-tank/contracts';
import { bearer, verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';

/** The signed-in user's own account (contract §11 "Accounts and library"). */
describe('changing the password while signed in (PUT /api/auth/password)', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

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
