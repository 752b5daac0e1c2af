import * as jwt from 'jsonwebtoken';
import { newAccount, verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

describe('auth (contract §3)', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  let ipCounter = 0;
  /** Each test speaks from its own client address (TRUST_PROXY), so per-address limits don't leak between tests. */
  const fromNewIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const login = (username: string, password: string, ip = fromNewIp()) =>
    t.http.post('/api/auth/login').set('X-Forwarded-For', ip).send({ username, password });
  const forgot = (email: string) =>
    t.http.post('/api/auth/forgot-password').set('X-Forwarded-For', fromNewIp()).send({ email });

  beforeAll(async () => {
    const smtpUrl = await sink.start();
    t = await startTestApp({ SMTP_URL: smtpUrl, TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  describe('POST /register', () => {
    it('creates the account and mails a 6-digit code, in Chinese with an English line, HTML and text', async () => {
      const account = newAccount();
      const res = await t.http.post('/api/auth/register').send(account).expect(201);
      expect(res.body).toEqual({ message: expect.any(String) });
      const mail = await sink.last(account.email);
      // Not in the subject, which support sees in the console's failed-mail list.
      expect(mail.subject).toBe('智库：您的邮箱验证码');
      expect(mail.text).toMatch(/验证码是 \d{6}/);
      expect(mail.text).toMatch(/Your 智库 verification code is \d{6}/);
      expect(mail.html).toContain(await sink.code(account.email));
      const stored = await t.db.query('SELECT "passwordHash" FROM users WHERE email = $1', [account.email]);
      expect(stored[0].passwordHash).toMatch(/^\$argon2id\$v=19\$/);
      expect(stored[0].passwordHash).toMatch(/m=19456,(?=.*t=2)/);
    });

    it('names every broken rule with the catalogue’s Chinese message', async () => {
      const res = await t.http
        .post('/api/auth/register')
        .send({ username: '', email: 'not-an-email', password: 'short' })
        .expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: 'VALIDATION_FAILED',
        message: '用户名不能为空',
      });
      expect(res.body.details).toEqual([
        { field: 'username', message: '用户名不能为空' },
        { field: 'email', message: '邮箱格式不正确' },
        { field: 'password', message: '密码长度不能少于 8 位。' },
      ]);
      const composition = await t.http
        .post('/api/auth/register')
        .send({ ...newAccount(), password: 'alllowercase1' })
        .expect(400);
      expect(composition.body.details).toEqual([
        { field: 'password', message: '密码必须包含大写字母、小写字母、数字和至少一个特殊字符。' },
      ]);
      const empty = await t.http
        .post('/api/auth/register')
        .send({ username: 'a', email: '', password: '' })
        .expect(400);
      expect(empty.body.details.map((d: { message: string }) => d.message)).toEqual([
        '邮箱不能为空',
        '密码不能为空',
      ]);
    });

    it('answers in English when the browser prefers it', async () => {
      const res = await t.http
        .post('/api/auth/register')
        .set('Accept-Language', 'en-US')
        .send({ ...newAccount(), email: 'x' })
        .expect(400);
      expect(res.body.details).toEqual([{ field: 'email', message: 'Email format is invalid.' }]);
    });

    it('refuses a taken username (any case) with 409 USERNAME_TAKEN and a taken e-mail with 409 EMAIL_TAKEN', async () => {
      const first = newAccount();
      await t.http.post('/api/auth/register').send(first).expect(201);
      const sameName = await t.http
        .post('/api/auth/register')
        .send({ ...newAccount(), username: first.username.toUpperCase() })
        .expect(409);
      expect(sameName.body).toMatchObject({ code: 'USERNAME_TAKEN', error: 'USERNAME_TAKEN' });
      const sameEmail = await t.http
        .post('/api/auth/register')
        .send({ ...newAccount(), email: first.email.toUpperCase() })
        .expect(409);
      expect(sameEmail.body.code).toBe('EMAIL_TAKEN');
    });
  });

  describe('POST /verify-email', () => {
    it('logs the user in with a token pair and the user', async () => {
      const account = newAccount();
      await t.http.post('/api/auth/register').send(account).expect(201);
      const res = await t.http
        .post('/api/auth/verify-email')
        .send({ email: account.email, code: await sink.code(account.email) })
        .expect(200);
      expect(res.body).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        user: { id: expect.any(String), username: account.username, email: account.email, role: 'Free' },
        message: expect.any(String),
      });
      await t.http.get('/api/auth/me').set('Authorization', `Bearer ${res.body.access_token}`).expect(200);
    });

    it('refuses a wrong code, and burns the code after 5 wrong tries', async () => {
      const account = newAccount();
      await t.http.post('/api/auth/register').send(account).expect(201);
      const code = await sink.code(account.email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await t.http
          .post('/api/auth/verify-email')
          .send({ email: account.email, code: wrong })
          .expect(400);
        expect(res.body).toMatchObject({ code: 'INVALID_CODE', message: '验证码错误或已过期，请重试。' });
      }
      await t.http.post('/api/auth/verify-email').send({ email: account.email, code }).expect(400);
    });

    it('accepts the right code within the five tries', async () => {
      const account = newAccount();
      await t.http.post('/api/auth/register').send(account).expect(201);
      const code = await sink.code(account.email);
      for (let i = 0; i < 4; i++)
        await t.http
          .post('/api/auth/verify-email')
          .send({ email: account.email, code: code === '000000' ? '111111' : '000000' })
          .expect(400);
      await t.http.post('/api/auth/verify-email').send({ email: account.email, code }).expect(200);
    });

    it('refuses an expired code (10 minutes) and a code of another length', async () => {
      const account = newAccount();
      await t.http.post('/api/auth/register').send(account).expect(201);
      await t.db.query(`UPDATE email_codes SET "expiresAt" = now() - interval '1 second'`);
      await t.http
        .post('/api/auth/verify-email')
        .send({ email: account.email, code: await sink.code(account.email) })
        .expect(400, /INVALID_CODE/);
      const short = await t.http
        .post('/api/auth/verify-email')
        .send({ email: account.email, code: '123' })
        .expect(400);
      expect(short.body.details).toEqual([{ field: 'code', message: '请输入6位邮箱验证码' }]);
    });

    it('gives an unknown address the same INVALID_CODE', async () => {
      await t.http
        .post('/api/auth/verify-email')
        .send({ email: 'nobody@example.cn', code: '123456' })
        .expect(400, /INVALID_CODE/);
    });
  });

  describe('POST /resend-verification-email', () => {
    it('mails a new code and the previous one dies', async () => {
      const account = newAccount();
      await t.http.post('/api/auth/register').send(account).expect(201);
      const old = await sink.code(account.email);
      await t.http.post('/api/auth/resend-verification-email').send({ email: account.email }).expect(200);
      const fresh = await sink.code(account.email, 2);
      if (old !== fresh)
        await t.http.post('/api/auth/verify-email').send({ email: account.email, code: old }).expect(400);
      await t.http.post('/api/auth/verify-email').send({ email: account.email, code: fresh }).expect(200);
    });

    it('answers an unknown address the same, and refuses a second request for the same address within 60 s', async () => {
      const known = newAccount();
      await t.http.post('/api/auth/register').send(known).expect(201);
      const a = await t.http
        .post('/api/auth/resend-verification-email')
        .send({ email: known.email })
        .expect(200);
      const b = await t.http
        .post('/api/auth/resend-verification-email')
        .send({ email: 'ghost@example.cn' })
        .expect(200);
      expect(a.body).toEqual(b.body);
      expect(sink.to('ghost@example.cn')).toHaveLength(0);
      const again = await t.http
        .post('/api/auth/resend-verification-email')
        .send({ email: 'ghost@example.cn' })
        .expect(429);
      expect(again.body.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      await t.http.post('/api/auth/resend-verification-email').send({ email: known.email }).expect(429);
    });
  });

  describe('POST /login', () => {
    it('logs in by username or e-mail, in any case', async () => {
      const u = await verifiedUser(t, sink);
      for (const username of [u.username, u.email, u.email.toUpperCase()]) {
        const res = await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', fromNewIp())
          .send({ username, password: u.password })
          .expect(200);
        expect(res.body).toEqual({
          access_token: expect.any(String),
          refresh_token: expect.any(String),
          user: { id: u.session.user.id, username: u.username, email: u.email, role: 'Free' },
          message: expect.any(String),
        });
      }
    });

    it('gives a wrong password and an unknown user the same 401 INVALID_CREDENTIALS', async () => {
      const u = await verifiedUser(t, sink);
      const ip = fromNewIp();
      const wrong = await login(u.username, 'Wrong#123', ip).expect(401);
      const unknown = await login('nobody-here', 'Wrong#123', ip).expect(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'INVALID_CREDENTIALS' });
    });

    it('makes an unknown user cost a password hash, like a wrong password', async () => {
      const u = await verifiedUser(t, sink);
      const time = async (username: string) => {
        const start = process.hrtime.bigint();
        await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', fromNewIp())
          .send({ username, password: 'Wrong#123' })
          .expect(401);
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await time(u.username));
        unknown.push(await time(`ghost-${i}`));
      }
      // An argon2id verify (19 MiB, t=2) dominates either path; without it an unknown user answers in a few
      // milliseconds, under a tenth of the known path. A quarter leaves room for a loaded CI machine (0.39 seen).
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    });

    it('refuses an unverified account with 401 EMAIL_NOT_VERIFIED carrying the address', async () => {
      const account = newAccount();
      await t.http.post('/api/auth/register').send(account).expect(201);
      const res = await login(account.username, account.password).expect(401);
      expect(res.body).toMatchObject({
        statusCode: 401,
        code: 'EMAIL_NOT_VERIFIED',
        error: 'EMAIL_NOT_VERIFIED',
        email: account.email,
      });
    });

    it('refuses a disabled account with 403 ACCOUNT_DISABLED, and its refresh tokens with 401', async () => {
      const u = await verifiedUser(t, sink);
      await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [u.session.user.id]);
      await login(u.username, u.password).expect(403, /ACCOUNT_DISABLED/);
      await t.http
        .post('/api/auth/refresh')
        .send({ refresh_token: u.session.refresh_token })
        .expect(401, /INVALID_REFRESH_TOKEN/);
    });

    it('refuses an account after 10 failures in 15 minutes, even with the right password', async () => {
      const u = await verifiedUser(t, sink);
      const other = await verifiedUser(t, sink);
      const ip = fromNewIp();
      for (let i = 0; i < 10; i++) await login(u.username, `Wrong#${i}`, ip).expect(401);
      const locked = await login(u.email, u.password).expect(429);
      expect(locked.body.code).toBe('TOO_MANY_REQUESTS');
      // The address that failed ten times is not yet at its own limit: another account still logs in from it.
      await login(other.username, other.password, ip).expect(200);
    });

    it('refuses a client address after 30 failures in 15 minutes, for every account', async () => {
      const u = await verifiedUser(t, sink);
      const ip = fromNewIp();
      for (let i = 0; i < 30; i++) await login(`ghost-${i % 5}-${ip}`, 'Wrong#123', ip).expect(401);
      await login(u.username, u.password, ip).expect(429);
      await login(u.username, u.password).expect(200);
    });
  });

  describe('tokens', () => {
    it('rotates refresh tokens: the old one is spent, and reusing it revokes the whole family', async () => {
      const u = await verifiedUser(t, sink);
      const first = u.session.refresh_token;
      const second = await t.http.post('/api/auth/refresh').send({ refresh_token: first }).expect(200);
      expect(second.body.refresh_token).not.toBe(first);
      expect(second.body.user.id).toBe(u.session.user.id);
      const third = await t.http
        .post('/api/auth/refresh')
        .send({ refresh_token: second.body.refresh_token })
        .expect(200);
      // Past the 30 s grace (contract §11), a spent token is a copy somebody else holds.
      await t.db.query(
        `UPDATE sessions SET "rotatedAt" = now() - interval '31 seconds' WHERE "userId" = $1`,
        [u.session.user.id],
      );
      await t.http
        .post('/api/auth/refresh')
        .send({ refresh_token: first })
        .expect(401, /INVALID_REFRESH_TOKEN/);
      // The thief's replay ended the session of the rightful holder too.
      await t.http.post('/api/auth/refresh').send({ refresh_token: third.body.refresh_token }).expect(401);
    });

    it('answers two concurrent refreshes of one token with the same pair, and a reload within 30 s too', async () => {
      const u = await verifiedUser(t, sink);
      const refresh = () => t.http.post('/api/auth/refresh').send({ refresh_token: u.session.refresh_token });
      const [a, b] = await Promise.all([refresh(), refresh()]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body.refresh_token).toBe(a.body.refresh_token);
      expect(b.body.access_token).toBe(a.body.access_token);
      const reloaded = await refresh().expect(200);
      expect(reloaded.body.refresh_token).toBe(a.body.refresh_token);
      // The user stays signed in: the pair answered goes on rotating.
      const next = await t.http
        .post('/api/auth/refresh')
        .send({ refresh_token: a.body.refresh_token })
        .expect(200);
      await t.http.get('/api/auth/me').set('Authorization', `Bearer ${next.body.access_token}`).expect(200);
      // A wrong mac with the same session and generation gets nothing of the kept pair.
      const [id, generation] = u.session.refresh_token.split('.');
      await t.http
        .post('/api/auth/refresh')
        .send({ refresh_token: `${id}.${generation}.${'A'.repeat(43)}` })
        .expect(401, /INVALID_REFRESH_TOKEN/);
    });

    it('never takes an access token as a refresh token, nor the reverse', async () => {
      const u = await verifiedUser(t, sink);
      await t.http
        .post('/api/auth/refresh')
        .send({ refresh_token: u.session.access_token })
        .expect(401, /INVALID_REFRESH_TOKEN/);
      await t.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${u.session.refresh_token}`)
        .expect(401, /UNAUTHORIZED/);
    });

    it('keeps the family’s absolute expiry across rotations', async () => {
      const u = await verifiedUser(t, sink);
      await t.db.query(`UPDATE sessions SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`, [
        u.session.user.id,
      ]);
      await t.http.post('/api/auth/refresh').send({ refresh_token: u.session.refresh_token }).expect(401);
    });

    it('logout answers 204 and revokes that family only', async () => {
      const u = await verifiedUser(t, sink);
      const other = await login(u.username, u.password).expect(200);
      await t.http.post('/api/auth/logout').send({ refresh_token: u.session.refresh_token }).expect(204);
      await t.http.post('/api/auth/refresh').send({ refresh_token: u.session.refresh_token }).expect(401);
      await t.http.post('/api/auth/refresh').send({ refresh_token: other.body.refresh_token }).expect(200);
    });

    it('GET /me answers the user with isPaid', async () => {
      const u = await verifiedUser(t, sink);
      const me = await t.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${u.session.access_token}`)
        .expect(200);
      expect(me.body).toEqual({
        id: u.session.user.id,
        username: u.username,
        email: u.email,
        role: 'Free',
        isPaid: false,
        isVip: false,
        allowances: { dailyViewLimit: null, dailyViewsLeft: null, vipStartupsLeft: null },
        hasPassword: true,
        // Registered by a client without the terms' box: asked to accept them at the first visit.
        termsToAccept: true,
        phone: null,
        identities: [],
      });
      await t.db.query('UPDATE users SET "isPaid" = true WHERE id = $1', [u.session.user.id]);
      const paid = await t.http
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${u.session.access_token}`)
        .expect(200);
      expect(paid.body.isPaid).toBe(true);
    });

    it('answers 401 UNAUTHORIZED for a missing, malformed, expired, forged or wrongly-signed token', async () => {
      const u = await verifiedUser(t, sink);
      const sub = u.session.user.id;
      const now = Math.floor(Date.now() / 1000);
      const tokens = [
        undefined,
        'not-a-jwt',
        jwt.sign({ sub, role: 'admin', typ: 'access', iat: now - 1000, exp: now - 100 }, TEST_JWT_SECRET, {
          algorithm: 'HS256',
        }),
        jwt.sign({ sub, role: 'admin', typ: 'access' }, 'another-secret-of-enough-length-xxxxxxxx', {
          algorithm: 'HS256',
        }),
        jwt.sign({ sub, role: 'admin', typ: 'access' }, TEST_JWT_SECRET, { algorithm: 'HS512' }),
        jwt.sign({ sub, role: 'admin', typ: 'refresh' }, TEST_JWT_SECRET, { algorithm: 'HS256' }),
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub, typ: 'access' })).toString('base64url')}.`,
      ];
      for (const token of tokens) {
        const req = t.http.get('/api/auth/me');
        const res = await (token ? req.set('Authorization', `Bearer ${token}`) : req).expect(401);
        expect(res.body).toEqual({
          statusCode: 401,
          code: 'UNAUTHORIZED',
          error: 'UNAUTHORIZED',
          message: '请先登录',
        });
      }
      const access = jwt.decode(u.session.access_token) as { exp: number; iat: number };
      expect(access.exp - access.iat).toBe(15 * 60);
      expect(
        JSON.parse(Buffer.from(u.session.access_token.split('.')[0], 'base64url').toString()),
      ).toMatchObject({ alg: 'HS256' });
    });

    it('remembers a verified token only until it expires, and only as it was signed', async () => {
      const u = await verifiedUser(t, sink);
      const { role } = jwt.decode(u.session.access_token) as { role: string };
      const exp = Math.floor(Date.now() / 1000) + 2;
      const token = jwt.sign({ sub: u.session.user.id, role, typ: 'access', ver: 0, exp }, TEST_JWT_SECRET, {
        algorithm: 'HS256',
      });
      const me = (bearer: string) => t.http.get('/api/auth/me').set('Authorization', `Bearer ${bearer}`);
      await me(token).expect(200);
      await me(token).expect(200);
      // The same claims under another signature are not the token that was verified.
      const [header, payload, signature] = token.split('.');
      const flipped = signature[10] === 'A' ? 'B' : 'A';
      await me(`${header}.${payload}.${signature.slice(0, 10)}${flipped}${signature.slice(11)}`).expect(401);
      await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 20));
      await me(token).expect(401);
    });
  });

  describe('password reset', () => {
    /** The link of the reset mail, the second mail of a user made by verifiedUser. */
    const resetLink = async (email: string) => {
      const match = /(http:\/\/localhost:3000\/reset-password\?[^\s"<]+)/.exec(
        (await sink.last(email, 2)).text ?? '',
      );
      if (!match) throw new Error('no reset link');
      const url = new URL(match[1].replace(/&amp;/g, '&'));
      return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
    };

    it('mails PUBLIC_URL/reset-password?token=…&email=…, and the same answer for unknown addresses', async () => {
      const u = await verifiedUser(t, sink);
      const known = await forgot(u.email).expect(200);
      const unknown = await forgot('ghost2@example.cn').expect(200);
      expect(known.body).toEqual(unknown.body);
      const link = await resetLink(u.email);
      expect(link.email).toBe(u.email);
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sink.to('ghost2@example.cn')).toHaveLength(0);
    });

    it('refuses a second request for the same address within 60 s with 429', async () => {
      const u = await verifiedUser(t, sink);
      await forgot(u.email).expect(200);
      await forgot(u.email).expect(429);
    });

    it('sets the new password once, and ends every session of the user', async () => {
      const u = await verifiedUser(t, sink);
      await forgot(u.email).expect(200);
      const link = await resetLink(u.email);
      // A refused new password does not spend the token.
      const weak = await t.http
        .post('/api/auth/reset-password')
        .send({ ...link, newPassword: 'weak' })
        .expect(400);
      expect(weak.body.code).toBe('VALIDATION_FAILED');
      await t.http
        .post('/api/auth/reset-password')
        .send({ ...link, email: 'other@example.cn', newPassword: 'N3w!password' })
        .expect(400, /INVALID_RESET_TOKEN/);
      await t.http
        .post('/api/auth/reset-password')
        .send({ ...link, newPassword: 'N3w!password' })
        .expect(200);
      await t.http
        .post('/api/auth/reset-password')
        .send({ ...link, newPassword: 'An0ther!pass' })
        .expect(400, /INVALID_RESET_TOKEN/);
      await t.http.post('/api/auth/refresh').send({ refresh_token: u.session.refresh_token }).expect(401);
      // The access token issued before the reset stops working too (contract §10: within 5 s, here at once).
      await t.http.get('/api/auth/me').set('Authorization', `Bearer ${u.session.access_token}`).expect(401);
      await login(u.username, u.password).expect(401);
      await login(u.username, 'N3w!password').expect(200);
    });

    it('refuses an expired token (30 minutes)', async () => {
      const u = await verifiedUser(t, sink);
      await forgot(u.email).expect(200);
      // The worker made the token when it mailed the link.
      const link = await resetLink(u.email);
      await t.db.query(
        `UPDATE password_resets SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`,
        [u.session.user.id],
      );
      await t.http
        .post('/api/auth/reset-password')
        .send({ ...link, newPassword: 'N3w!password' })
        .expect(400, /INVALID_RESET_TOKEN/);
    });
  });

  it('GET /providers reports no provider when none is configured, and POST /google is 404 PROVIDER_DISABLED', async () => {
    await t.http
      .get('/api/auth/providers')
      .expect(200, { google: false, github: false, sms: false, wechat: false });
    const res = await t.http.post('/api/auth/google').expect(404);
    expect(res.body.code).toBe('PROVIDER_DISABLED');
    await t.http.post('/api/auth/github').expect(404, /PROVIDER_DISABLED/);
  });
});
