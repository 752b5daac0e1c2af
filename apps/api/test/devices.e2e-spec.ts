import type { DeviceSession, SessionResponse } from '@think-tank/contracts';
import { bearer, verifiedUser } from './support/accounts';
import { appWithMailSink, type TestApp } from './support/test-app';

/** The signed-in devices and signing one out (contract §11 "Accounts and library"). */
let t: TestApp;
const sink = appWithMailSink((app) => (t = app));

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36';
type User = Awaited<ReturnType<typeof verifiedUser>>;
const loginFrom = async (u: User, agent: string) =>
  (
    await t.http
      .post('/api/auth/login')
      .set('User-Agent', agent)
      .send({ username: u.username, password: u.password })
      .expect(200)
  ).body as SessionResponse;
const devices = async (session: SessionResponse) =>
  (await t.http.get('/api/users/me/sessions').set(bearer({ session })).expect(200)).body as DeviceSession[];

describe('signed-in devices (GET /api/users/me/sessions, DELETE /api/users/me/sessions/:id)', () => {
  it('lists each live session with its browser, marks this one, and signs another out at once', async () => {
    const u = await verifiedUser(t, sink, 'devices');
    const phone = await loginFrom(u, PHONE);
    const desktop = await loginFrom(u, DESKTOP);

    const seen = await devices(desktop);
    // The last used first; the registration's session came from a client that sent no User-Agent.
    expect(seen.map((d) => d.userAgent)).toEqual([DESKTOP, PHONE, null]);
    expect(seen.filter((d) => d.current).map((d) => d.userAgent)).toEqual([DESKTOP]);
    for (const d of seen) expect(Date.parse(d.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(d.signedInAt));

    // A refresh keeps the session, its browser and its mark; it moves to the top as the last used.
    const phoneAgain = (
      await t.http.post('/api/auth/refresh').send({ refresh_token: phone.refresh_token }).expect(200)
    ).body as SessionResponse;
    const after = await devices(phoneAgain);
    expect(after[0]).toMatchObject({ userAgent: PHONE, current: true });
    expect(after).toHaveLength(3);

    // Signing the phone out ends its refresh token and its access token, not this device's.
    const phoneId = after[0].id;
    await t.http
      .delete(`/api/users/me/sessions/${phoneId}`)
      .set(bearer({ session: desktop }))
      .expect(204);
    await t.http
      .get('/api/auth/me')
      .set(bearer({ session: phoneAgain }))
      .expect(401);
    await t.http.post('/api/auth/refresh').send({ refresh_token: phoneAgain.refresh_token }).expect(401);
    await t.http
      .get('/api/auth/me')
      .set(bearer({ session: desktop }))
      .expect(200);
    expect((await devices(desktop)).map((d) => d.userAgent)).toEqual([DESKTOP, null]);
    const [entry] = await t.db.query(
      `SELECT action FROM audit_entries WHERE "actorId" = $1 AND action = 'account.device_signed_out'`,
      [u.session.user.id],
    );
    expect(entry).toBeDefined();
  });

  it('answers 404 for another user’s session, an ended one or a bad id; a logout ends its access token too', async () => {
    const u = await verifiedUser(t, sink, 'owner');
    const other = await verifiedUser(t, sink, 'intruder');
    const [theirs] = await devices(u.session);
    await t.http.delete(`/api/users/me/sessions/${theirs.id}`).set(bearer(other)).expect(404);
    await t.http.get('/api/auth/me').set(bearer(u)).expect(200);
    await t.http.delete('/api/users/me/sessions/not-an-id').set(bearer(other)).expect(404);
    await t.http.get('/api/users/me/sessions').expect(401);

    const second = await loginFrom(u, PHONE);
    await t.http.post('/api/auth/logout').send({ refresh_token: second.refresh_token }).expect(204);
    await t.http
      .get('/api/auth/me')
      .set(bearer({ session: second }))
      .expect(401);
    const [ended] = (await t.db.query(
      `SELECT DISTINCT "familyId" AS id FROM refresh_tokens WHERE "revokedAt" IS NOT NULL AND "userId" = $1`,
      [u.session.user.id],
    )) as { id: string }[];
    await t.http.delete(`/api/users/me/sessions/${ended.id}`).set(bearer(u)).expect(404);
  });
});
