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

  /** A browser: the cookie the start of a sign-in set (its binding), sent back to the callback and the exchange. */
  interface Browser {
    cookie: string;
  }

  /** Asks for the provider address, as the web app does; the browser keeps the cookie it is given. */
  async function startSignIn(name: 'google' | 'github', browser: Browser = { cookie: '' }) {
    const start = await t.http.post(`/api/auth/${name}`).expect(200);
    const setCookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []);
    expect(setCookie[0]).toMatch(
      /^tt_oauth=[\w-]{32}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    browser.cookie = setCookie[0].split(';')[0];
    return { browser, state: new URL(start.body.redirectUrl).searchParams.get('state')! };
  }

  /** What a browser does: ask for the provider address, "consent" at the provider, come back to the callback. */
  async function signIn(name: 'google' | 'github', user: FakeUser, browser: Browser = { cookie: '' }) {
    const { state } = await startSignIn(name, browser);
    const callback = await t.http
      .get(`/api/auth/${name}/callback`)
      .set('Cookie', browser.cookie)
      .query({ code: provider.authorize(user), state })
      .expect(302);
    return Object.assign(new URL(callback.headers.location), { browser });
  }

  /** The web app trading the code of the callback, from the browser that signed in. */
  const exchange = (
    back: URL & { browser: Browser },
    code = back.searchParams.get('code'),
    browser = back.browser,
  ) => t.http.post('/api/auth/exchange').set('Cookie', browser.cookie).send({ code });

  it('reports both providers on', async () => {
    await t.http
      .get('/api/auth/providers')
      .expect(200, { google: true, github: true, sms: false, wechat: false });
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
      const session = await exchange(back, code).expect(200);
      expect(session.body.user).toMatchObject({ email: `${name}-new@example.cn`, role: 'Free' });
      await t.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${session.body.access_token}`)
        .expect(200);
      // Single use.
      await exchange(back, code).expect(400, /INVALID_EXCHANGE_CODE/);
      // The same identity signs in to the same account next time.
      const again = await signIn(name, user);
      const second = await exchange(again).expect(200);
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
    // Verified by its owner (an unverified one is taken over: see below).
    await t.db.query(`UPDATE users SET "emailVerifiedAt" = now() WHERE email = 'linked@example.cn'`);
    const back = await signIn('github', fakeUser('linked@example.cn', true));
    const session = await exchange(back).expect(200);
    expect(session.body.user.username).toBe('localfirst');
    // A verified account keeps its password.
    await t.http
      .post('/api/auth/login')
      .send({ username: 'linked@example.cn', password: 'Secr3t!pass' })
      .expect(200);
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
    const { browser, state } = await startSignIn('github');
    const first = await t.http
      .get('/api/auth/github/callback')
      .set('Cookie', browser.cookie)
      .query({ code: provider.authorize(user), state })
      .expect(302);
    expect(new URL(first.headers.location).searchParams.has('code')).toBe(true);
    const replay = await t.http
      .get('/api/auth/github/callback')
      .set('Cookie', browser.cookie)
      .query({ code: provider.authorize(user), state })
      .expect(302);
    expect(new URL(replay.headers.location).searchParams.get('authError')).toBe('github_failed');
    // A state issued for Google is no good for GitHub.
    const google = await startSignIn('google');
    const crossed = await t.http
      .get('/api/auth/github/callback')
      .set('Cookie', google.browser.cookie)
      .query({ code: provider.authorize(user), state: google.state })
      .expect(302);
    expect(new URL(crossed.headers.location).searchParams.get('authError')).toBe('github_failed');
    const denied = await t.http
      .get('/api/auth/google/callback')
      .query({ error: 'access_denied' })
      .expect(302);
    expect(new URL(denied.headers.location).searchParams.get('authError')).toBe('google_failed');
  });

  it('refuses a sign-in finished in another browser than the one that started it (login CSRF)', async () => {
    // The attacker starts a sign-in, consents with their own provider account and sends the victim the callback.
    const attacker = await startSignIn('github');
    const callback = (cookie?: string) => {
      const req = t.http.get('/api/auth/github/callback');
      if (cookie) req.set('Cookie', cookie);
      return req
        .query({ code: provider.authorize(fakeUser('attacker@example.cn')), state: attacker.state })
        .expect(302);
    };
    const victim = await startSignIn('github');
    for (const cookie of [undefined, victim.browser.cookie]) {
      const back = new URL((await callback(cookie)).headers.location);
      expect(back.searchParams.get('authError')).toBe('github_failed');
      expect(back.searchParams.has('code')).toBe(false);
    }
  });

  it('trades an exchange code only in the browser that signed in', async () => {
    const back = await signIn('google', fakeUser('bound@example.cn'));
    const other = await startSignIn('google');
    // Another browser, or none: 400, and the code is spent.
    await exchange(back, back.searchParams.get('code'), other.browser).expect(400, /INVALID_EXCHANGE_CODE/);
    await exchange(back).expect(400, /INVALID_EXCHANGE_CODE/);
    const again = await signIn('google', fakeUser('bound2@example.cn'));
    await t.http
      .post('/api/auth/exchange')
      .send({ code: again.searchParams.get('code') })
      .expect(400, /INVALID_EXCHANGE_CODE/);
    const ok = await signIn('google', fakeUser('bound3@example.cn'));
    const session = await exchange(ok).expect(200);
    expect(session.body.user.email).toBe('bound3@example.cn');
    expect(([] as string[]).concat(session.headers['set-cookie'] ?? [])[0]).toMatch(
      /^tt_oauth=; .*Max-Age=0/,
    );
  });

  it('takes over an unverified local account for the provider user: its password and sessions end', async () => {
    // The attacker registers the victim's address and never verifies it, but knows the password.
    const squatter = { username: 'squatter', email: 'takeover@example.cn', password: 'Secr3t!pass' };
    await t.http.post('/api/auth/register').send(squatter).expect(201);
    // The victim signs in with GitHub, which vouches for the address.
    const back = await signIn('github', fakeUser('takeover@example.cn', true));
    const session = await exchange(back).expect(200);
    expect(session.body.user.email).toBe('takeover@example.cn');
    // The squatter's password no longer opens the account.
    const login = await t.http
      .post('/api/auth/login')
      .send({ username: 'takeover@example.cn', password: squatter.password })
      .expect(401);
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
    const [row] = await t.db.query(
      `SELECT "passwordHash", "emailVerifiedAt", "tokenVersion" FROM users WHERE email = 'takeover@example.cn'`,
    );
    expect(row).toMatchObject({ passwordHash: null, emailVerifiedAt: expect.any(Date), tokenVersion: 1 });
    // The provider's user is signed in with the new version.
    await t.http.get('/api/auth/me').set('Authorization', `Bearer ${session.body.access_token}`).expect(200);
  });

  it('refuses a disabled account with authentication_failed', async () => {
    const user = fakeUser('disabled-oauth@example.cn');
    const first = await signIn('google', user);
    await exchange(first).expect(200);
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
