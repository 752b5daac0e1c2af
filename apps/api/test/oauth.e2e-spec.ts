import { FakeOAuthProvider, type FakeUser } from './fakes/oauth-provider';
import { startTestApp, type TestApp } from './support/test-app';

describe('third-party sign-in against a local OAuth2 provider', () => {
  let t: TestApp;
  const provider = new FakeOAuthProvider();
  let userSeq = 1000;
  const fakeUser = (email: string, verified = true): FakeUser => ({
    id: String(++userSeq),
    login: `octo${userSeq}`,
    emails: [{ email, verified, primary: true }],
  });

  beforeAll(async () => {
    await provider.start();
    t = await startTestApp({
      ...provider.env('GOOGLE'),
      ...provider.env('GITHUB'),
      ADMIN_EMAIL: 'root@example.cn',
      ADMIN_PASSWORD: 'Adm1n!pass',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  /** What a browser does: ask for the provider address, "consent" at the provider, come back to the callback. */
  async function signIn(name: 'google' | 'github', user: FakeUser) {
    const start = await t.http.post(`/api/auth/${name}`).expect(200);
    const redirect = new URL(start.body.redirectUrl);
    const state = redirect.searchParams.get('state')!;
    const callback = await t.http
      .get(`/api/auth/${name}/callback`)
      .query({ code: provider.authorize(user), state })
      .expect(302);
    return new URL(callback.headers.location);
  }

  it('reports both providers on', async () => {
    await t.http.get('/api/auth/providers').expect(200, { google: true, github: true });
  });

  it('points the browser at the provider with client id, callback, scope and a state', async () => {
    const res = await t.http.post('/api/auth/google').expect(200);
    const url = new URL(res.body.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: 'http://localhost:3000/api/auth/google/callback',
      scope: 'openid email profile',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
  });

  it.each(['google', 'github'] as const)(
    '%s: callback hands the web app a one-time code that trades for tokens',
    async (name) => {
      const user = fakeUser(`${name}-new@example.cn`);
      const back = await signIn(name, user);
      expect(`${back.origin}${back.pathname}`).toBe(`http://localhost:3000/auth/${name}/callback`);
      expect(back.searchParams.has('access_token')).toBe(false);
      const code = back.searchParams.get('code')!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const session = await t.http.post('/api/auth/exchange').send({ code }).expect(200);
      expect(session.body.user).toMatchObject({ email: `${name}-new@example.cn`, role: 'Free' });
      await t.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${session.body.access_token}`)
        .expect(200);
      // Single use.
      await t.http
        .post('/api/auth/exchange')
        .send({ code })
        .expect(400, /INVALID_EXCHANGE_CODE/);
      // The same identity signs in to the same account next time.
      const again = await signIn(name, user);
      const second = await t.http
        .post('/api/auth/exchange')
        .send({ code: again.searchParams.get('code') })
        .expect(200);
      expect(second.body.user.id).toBe(session.body.user.id);
      // The token request carried our client credentials and callback.
      expect(provider.tokenRequests.at(-1)).toMatchObject({
        client_id: provider.clientId,
        redirect_uri: `http://localhost:3000/api/auth/${name}/callback`,
      });
    },
  );

  it('links a verified provider address to the existing local account', async () => {
    const local = { username: 'localfirst', email: 'linked@example.cn', password: 'Secr3t!pass' };
    await t.http.post('/api/auth/register').send(local).expect(201);
    const back = await signIn('github', fakeUser('linked@example.cn', true));
    const session = await t.http
      .post('/api/auth/exchange')
      .send({ code: back.searchParams.get('code') })
      .expect(200);
    expect(session.body.user.username).toBe('localfirst');
  });

  it('refuses an address the provider has not verified', async () => {
    await t.http
      .post('/api/auth/register')
      .send({ username: 'victim', email: 'victim@example.cn', password: 'Secr3t!pass' })
      .expect(201);
    const back = await signIn('google', fakeUser('victim@example.cn', false));
    expect(back.searchParams.get('authError')).toBe('google_failed');
    expect(back.searchParams.has('code')).toBe(false);
    const rows = await t.db.query(
      `SELECT count(*)::int AS n FROM identities i JOIN users u ON u.id = i."userId" WHERE u.email = 'victim@example.cn'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses a bad or replayed state, and a callback without a code', async () => {
    const user = fakeUser('state@example.cn');
    const forged = await t.http
      .get('/api/auth/github/callback')
      .query({ code: provider.authorize(user), state: 'x'.repeat(32) })
      .expect(302);
    expect(new URL(forged.headers.location).searchParams.get('authError')).toBe('github_failed');
    const start = await t.http.post('/api/auth/github').expect(200);
    const state = new URL(start.body.redirectUrl).searchParams.get('state')!;
    await t.http
      .get('/api/auth/github/callback')
      .query({ code: provider.authorize(user), state })
      .expect(302);
    const replay = await t.http
      .get('/api/auth/github/callback')
      .query({ code: provider.authorize(user), state })
      .expect(302);
    expect(new URL(replay.headers.location).searchParams.get('authError')).toBe('github_failed');
    // A state issued for Google is no good for GitHub.
    const google = await t.http.post('/api/auth/google').expect(200);
    const crossed = await t.http
      .get('/api/auth/github/callback')
      .query({
        code: provider.authorize(user),
        state: new URL(google.body.redirectUrl).searchParams.get('state'),
      })
      .expect(302);
    expect(new URL(crossed.headers.location).searchParams.get('authError')).toBe('github_failed');
    const denied = await t.http
      .get('/api/auth/google/callback')
      .query({ error: 'access_denied' })
      .expect(302);
    expect(new URL(denied.headers.location).searchParams.get('authError')).toBe('google_failed');
  });

  it('refuses a disabled account with authentication_failed', async () => {
    const user = fakeUser('disabled-oauth@example.cn');
    const first = await signIn('google', user);
    await t.http
      .post('/api/auth/exchange')
      .send({ code: first.searchParams.get('code') })
      .expect(200);
    await t.db.query(`UPDATE users SET disabled = true WHERE email = 'disabled-oauth@example.cn'`);
    const back = await signIn('google', user);
    expect(back.searchParams.get('authError')).toBe('authentication_failed');
  });

  it('creates the admin account from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ username: 'root@example.cn', password: 'Adm1n!pass' })
      .expect(200);
    expect(res.body.user.role).toBe('admin');
  });
});
