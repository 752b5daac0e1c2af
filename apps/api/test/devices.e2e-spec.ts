import type { DeviceSession, SessionResponse } from '@think-tank/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { bearer, verifiedUser } from './support/accounts';
import { AuthService } from '../src/modules/auth/auth.service';
import { sha256, TokenService } from '../src/modules/auth/token.service';
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
      `SELECT id FROM sessions WHERE "revokedAt" IS NOT NULL AND "userId" = $1`,
      [u.session.user.id],
    )) as { id: string }[];
    await t.http.delete(`/api/users/me/sessions/${ended.id}`).set(bearer(u)).expect(404);
  });
});

/** Contract §12 "Limits that protect other customers": a session family's refreshes, rows and devices list. */
describe('refreshes one session can make', () => {
  it('keeps one row per session over 1,000 rotations, and lists the devices fast at that size', async () => {
    const u = await verifiedUser(t, sink, 'rotator');
    const tokens = t.app.get(TokenService);
    const users = t.app.get(AuthService);
    let token = u.session.refresh_token;
    for (let i = 0; i < 1000; i++)
      token = (await tokens.rotate(token, (id) => users.findUser(id))).pair.refresh_token;
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [
      u.session.user.id,
    ]);
    expect(n).toBe(1);
    // The first token, spent 1,000 rotations ago, is still known for what it is: its reuse ends the session.
    await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: u.session.refresh_token })
      .expect(401, /INVALID_REFRESH_TOKEN/);
    await t.http.post('/api/auth/refresh').send({ refresh_token: token }).expect(401);
    const fresh = await loginFrom(u, PHONE);
    // The best of five calls, so that a busy machine's pause is not taken for the query's cost.
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await devices(fresh);
      times.push(performance.now() - started);
    }
    expect(Math.min(...times)).toBeLessThan(50);
  });

  it('refreshes one session at most 30 times a minute (429), other sessions unaffected', async () => {
    const u = await verifiedUser(t, sink, 'looper');
    let token = u.session.refresh_token;
    for (let i = 0; i < 30; i++)
      token = (await t.http.post('/api/auth/refresh').send({ refresh_token: token }).expect(200)).body
        .refresh_token;
    const refused = await t.http.post('/api/auth/refresh').send({ refresh_token: token }).expect(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toBeDefined();
    const other = await loginFrom(u, DESKTOP);
    await t.http.post('/api/auth/refresh').send({ refresh_token: other.refresh_token }).expect(200);
    // A token nobody issued spends nobody's budget.
    const [family] = token.split('.');
    await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: `${family}.1.${'A'.repeat(43)}` })
      .expect(401);
  });

  it('carries a session of the release before over on its first refresh; its spent token then ends it', async () => {
    const u = await verifiedUser(t, sink, 'carried');
    const familyId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const [{ id }] = await t.db.query(
      `INSERT INTO refresh_tokens ("userId", "familyId", "secretHash", "userAgent", "expiresAt")
       VALUES ($1, $2, $3, $4, now() + interval '30 days') RETURNING id`,
      [u.session.user.id, familyId, sha256(secret), PHONE],
    );
    const carried = await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: `${id}.${secret}` })
      .expect(200);
    expect(carried.body.refresh_token.startsWith(`${familyId}.1.`)).toBe(true);
    expect((await devices(carried.body)).find((d) => d.id === familyId)).toMatchObject({ userAgent: PHONE });
    await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: `${id}.${secret}` })
      .expect(401);
    await t.http.post('/api/auth/refresh').send({ refresh_token: carried.body.refresh_token }).expect(401);
  });
});
