import { Role, type SessionResponse } from '@think-tank/contracts';
import { bearer, newAccount, verifiedUser } from './support/accounts';
import { createSolution, insertUser, insertViewOrder } from './support/factories';
import { appWithMailSink, type TestApp } from './support/test-app';

/** Moving an account to a new address and deleting it (contract §11 "Accounts and library"), on one app. */
let t: TestApp;
const sink = appWithMailSink((app) => (t = app));

type User = Awaited<ReturnType<typeof verifiedUser>>;
const login = (username: string, password: string) =>
  t.http.post('/api/auth/login').send({ username, password });
const audited = async (userId: string, action: string) =>
  (await t.db.query(`SELECT 1 FROM audit_entries WHERE "targetId" = $1 AND action = $2`, [userId, action]))
    .length;

describe('changing the e-mail (POST /api/auth/email-change, /verify)', () => {
  const ask = (u: User, newEmail: string, password = u.password) =>
    t.http.post('/api/auth/email-change').set(bearer(u)).send({ newEmail, password });
  const verify = (u: User, code: string) =>
    t.http.post('/api/auth/email-change/verify').set(bearer(u)).send({ code });

  it('sends a code to the new address, moves the account with it, and tells the old address', async () => {
    const u = await verifiedUser(t, sink, 'mover');
    const other = await verifiedUser(t, sink, 'taken');
    const newEmail = newAccount('moved').email;

    expect((await ask(u, newEmail, 'Not!th3pass').expect(400)).body.code).toBe('WRONG_PASSWORD');
    expect((await ask(u, other.email.toUpperCase()).expect(409)).body.code).toBe('EMAIL_TAKEN');
    expect((await ask(u, u.email).expect(409)).body.code).toBe('EMAIL_TAKEN');
    await ask(u, 'not-an-address').expect(400);

    const sent = await ask(u, newEmail).set('Accept-Language', 'zh-CN').expect(200);
    expect(sent.body.message).toBe('验证码已发送至新邮箱，请在 10 分钟内填写');
    const code = await sink.code(newEmail);
    // Nothing moved yet; the code is not a verification code of the old address, nor anyone else's.
    await login(u.email, u.password).expect(200);
    await t.http.post('/api/auth/verify-email').send({ email: u.email, code }).expect(400);
    await verify(other, code).expect(400);
    expect((await verify(u, code === '000000' ? '111111' : '000000').expect(400)).body.code).toBe(
      'INVALID_CODE',
    );

    expect((await verify(u, code).set('Accept-Language', 'en-US').expect(200)).body.message).toBe(
      'Your e-mail address has been changed; the old address has been told.',
    );
    await login(newEmail, u.password).expect(200);
    await login(u.email, u.password).expect(401);
    expect((await t.http.get('/api/auth/me').set(bearer(u)).expect(200)).body.email).toBe(newEmail);
    const notice = await sink.last(u.email, 2);
    expect(notice.subject).toBe('智库：您的登录邮箱已更换');
    expect(notice.text).toContain(newEmail);
    expect(await audited(u.session.user.id, 'account.email_changed')).toBe(1);
    // Spent: the same code again moves nothing.
    await verify(u, code).expect(400);
  });

  it('takes five tries at a code, then none; and 5 requests per 15 minutes', async () => {
    const u = await verifiedUser(t, sink, 'guesser');
    const newEmail = newAccount('guessed').email;
    await ask(u, newEmail).expect(200);
    const code = await sink.code(newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await verify(u, wrong).expect(400);
    await verify(u, code).expect(400); // the right one, too late
    for (let i = 0; i < 4; i++) await ask(u, newAccount('another').email).expect(200);
    await ask(u, newAccount('another').email).expect(429);
    await t.http.post('/api/auth/email-change').send({ newEmail, password: u.password }).expect(401);
  });

  it('mails one address at most once a minute, whoever asks, and counts an account’s wrong codes a day', async () => {
    const [a, b, c] = [
      await verifiedUser(t, sink, 'first'),
      await verifiedUser(t, sink, 'second'),
      await verifiedUser(t, sink, 'third'),
    ];
    // Contract §12: another account asking for the same address within 60 s mails nothing.
    const target = newAccount('target').email;
    await ask(a, target).expect(200);
    const refused = await ask(b, target).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Ten wrong codes a day across an account's changes, however many new codes it asks for.
    for (const round of [1, 2]) {
      const address = newAccount(`round${round}`).email;
      await ask(c, address).expect(200);
      const code = await sink.code(address);
      for (let i = 0; i < 5; i++) await verify(c, code === '000000' ? '111111' : '000000').expect(400);
    }
    const last = newAccount('last').email;
    await ask(c, last).expect(200);
    await verify(c, await sink.code(last)).expect(429);
    expect((await t.http.get('/api/auth/me').set(bearer(c)).expect(200)).body.email).toBe(c.email);
  });

  it('answers 409 when someone registered the address between the code and its use', async () => {
    const u = await verifiedUser(t, sink, 'racer');
    const contested = newAccount('contested');
    await ask(u, contested.email).expect(200);
    const code = await sink.code(contested.email);
    await t.http.post('/api/auth/register').send(contested).expect(201);
    expect((await verify(u, code).expect(409)).body.code).toBe('EMAIL_TAKEN');
    expect((await t.http.get('/api/auth/me').set(bearer(u)).expect(200)).body.email).toBe(u.email);
  });
});

describe('deleting the account (DELETE /api/users/me)', () => {
  const remove = (auth: { Authorization: string }, password: string) =>
    t.http.delete('/api/users/me').set(auth).send({ password });

  it('ends every session, erases personal data, keeps the orders anonymised, and mails it', async () => {
    const u = await verifiedUser(t, sink, 'leaver');
    const id = u.session.user.id;
    const solution = await createSolution(t);
    await t.http.put(`/api/solutions/${solution.id}/favourite`).set(bearer(u)).expect(204);
    await t.http
      .post('/api/demand-store/register-demand')
      .set(bearer(u))
      .send({
        name: '要删除的需求',
        content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
      })
      .expect(201);
    const order = await insertViewOrder(t, id, solution.id, { status: 'paid', paidAt: new Date() });
    const other = (await login(u.username, u.password).expect(200)).body as SessionResponse;

    expect((await remove(bearer(u), 'Not!th3pass').expect(400)).body.code).toBe('WRONG_PASSWORD');
    await remove(bearer(u), u.password).expect(204);

    // Nobody signs in to it again, by name, address, token or refresh token, on any device.
    await login(u.username, u.password).expect(401);
    await login(u.email, u.password).expect(401);
    await t.http.get('/api/auth/me').set(bearer(u)).expect(401);
    await t.http
      .get('/api/auth/me')
      .set(bearer({ session: other }))
      .expect(401);
    await t.http.post('/api/auth/refresh').send({ refresh_token: other.refresh_token }).expect(401);
    // A new registration may take the name and the address.
    await t.http
      .post('/api/auth/register')
      .send({ ...newAccount(), username: u.username, email: u.email })
      .expect(201);

    // Support no longer finds the person, but sees the order on the anonymised account.
    const admin = await insertUser(t, Role.Admin);
    const found = await t.http.get(`/api/admin/users?query=${u.username}`).set(admin.auth).expect(200);
    expect(found.body.items.map((x: { id: string }) => x.id)).not.toContain(id);
    const kept = (await t.http.get(`/api/admin/users/${id}`).set(admin.auth).expect(200)).body;
    expect(kept).toMatchObject({ disabled: true, username: expect.stringMatching(/^deleted-/) });
    expect(kept.deletedAt).not.toBeNull();
    expect(kept.email).not.toContain(u.username);
    const orders = await t.http.get(`/api/admin/orders?userId=${id}`).set(admin.auth).expect(200);
    expect(orders.body.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    // It stays closed: support cannot open it again.
    await t.http.patch(`/api/admin/users/${id}`).set(admin.auth).send({ disabled: false }).expect(409);

    for (const table of ['favourites', 'demands', 'messages', 'identities', 'sessions'])
      expect(
        (
          await t.db.query(
            `SELECT 1 FROM ${table} WHERE "userId" = $1 AND ${table === 'sessions' ? '"revokedAt" IS NULL' : 'true'}`,
            [id],
          )
        ).length,
      ).toBe(0);
    const [row] = await t.db.query(`SELECT "passwordHash", "emailVerifiedAt" FROM users WHERE id = $1`, [id]);
    expect(row).toEqual({ passwordHash: null, emailVerifiedAt: null });
    expect(await audited(id, 'account.deleted')).toBe(1);
    expect((await sink.last(u.email, 2)).subject).toBe('智库：您的账户已注销');
  });

  it('is refused for staff accounts, which an admin removes', async () => {
    const support = await insertUser(t, Role.Support);
    await t.db.query(`UPDATE users SET "passwordHash" = NULL WHERE id = $1`, [support.id]);
    await t.http
      .post('/api/users/me/confirmation-code')
      .set(support.auth)
      .send({ purpose: 'delete-account' })
      .expect(200);
    const code = await sink.code(support.user.email!);
    expect(
      (await t.http.delete('/api/users/me').set(support.auth).send({ code }).expect(403)).body.code,
    ).toBe('FORBIDDEN');
  });

  it('takes 5 tries per 15 minutes, none from a stranger, and no password past the policy’s length', async () => {
    const u = await insertUser(t);
    for (let i = 0; i < 5; i++) await remove(u.auth, 'wrong').expect(400);
    await remove(u.auth, u.user.username).expect(429);
    await t.http.delete('/api/users/me').send({ password: 'x' }).expect(401);
    // Refused by validation, before any hash is computed or a try is taken.
    expect((await remove(u.auth, 'x'.repeat(2000)).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });
});
