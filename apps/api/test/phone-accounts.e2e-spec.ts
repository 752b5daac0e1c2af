import { FakeAliyunSms } from './fakes/aliyun-sms';
import { insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

type Auth = Record<string, string>;
let seq = 0;
/** A fresh mainland mobile number for each test (138 00xx xxxx). */
const newPhone = () => `1380${String(Date.now() % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;
const e164 = (phone: string) => `+86${phone}`;

/** Contract §12 "Phone numbers as accounts", against a local Aliyun SMS that checks the SDK's signature. */
describe('phone numbers as accounts', () => {
  let t: TestApp;
  const aliyun = new FakeAliyunSms();
  beforeAll(async () => {
    await aliyun.start();
    // X-Forwarded-For from the test client names the client address, as the edge's would.
    t = await startTestApp({ ...aliyun.env(), SMS_DAILY_LIMIT: '1000', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
    await aliyun.stop();
  });

  const askCode = (phone: string, purpose = 'login', ip = '203.0.113.1') =>
    t.http.post('/api/auth/sms-code').set('X-Forwarded-For', ip).send({ phone, purpose });
  /** A sign-in by code, from an address of its own (each address has 30 tries in 15 minutes). */
  const smsLogin = (body: object) =>
    t.http
      .post('/api/auth/login/sms')
      .set('X-Forwarded-For', `198.18.${seq % 250}.${++seq % 250}`)
      .send(body);
  const me = async (auth: Auth) => (await t.http.get('/api/auth/me').set(auth).expect(200)).body;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('texts a code through Aliyun, the same answer for a known number and an unknown one', async () => {
    const phone = newPhone();
    const answer = await askCode(` +86 ${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)} `).expect(
      200,
    );
    expect(answer.body).toEqual({ cooldownSeconds: 60 });
    expect(aliyun.sent.at(-1)).toMatchObject({
      phoneNumbers: phone,
      signName: aliyun.signName,
      templateCode: aliyun.templateCode,
      templateParam: { code: expect.stringMatching(/^\d{6}$/) },
    });
    expect(aliyun.refused).toEqual([]);

    const known = await insertUser(t, undefined, { phone: e164(newPhone()) });
    const knownAnswer = await askCode(known.user.phone!).expect(200);
    expect(knownAnswer.body).toEqual(answer.body);
    // What is not a mainland mobile is refused on its field, and nothing is sent.
    const sent = aliyun.sent.length;
    for (const bad of ['010-12345678', '+1 650 253 0000']) {
      const refused = await askCode(bad).expect(400);
      expect(refused.body.details).toEqual([{ field: 'phone', message: '请输入有效的中国大陆手机号' }]);
    }
    expect((await askCode('1'.repeat(30)).expect(400)).body.details[0].field).toBe('phone');
    expect(aliyun.sent.length).toBe(sent);
  });

  it('signs a new number up only with the terms accepted, keeping the code for that second try', async () => {
    const phone = newPhone();
    await askCode(phone).expect(200);
    const code = aliyun.codeFor(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await smsLogin({ phone, code: wrong, acceptedTerms: true }).expect(400)).body.code).toBe(
      'INVALID_CODE',
    );
    expect((await smsLogin({ phone, code }).expect(400)).body.code).toBe('TERMS_NOT_ACCEPTED');
    const session = (await smsLogin({ phone, code, acceptedTerms: true }).expect(200)).body;
    expect(session.user).toMatchObject({
      email: null,
      username: expect.stringMatching(/^用户[0-9a-f]{10}$/),
    });
    const profile = await me(bearer(session.access_token));
    expect(profile).toMatchObject({
      phone: `+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`,
      hasPassword: false,
      identities: [],
      termsToAccept: false,
    });
    // Spent: the same code signs nobody in again.
    await smsLogin({ phone, code, acceptedTerms: true }).expect(400);
    // The terms accepted were logged with the sign-up.
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM consents WHERE "userId" = $1`, [
      session.user.id,
    ]);
    expect(n).toBe(1);
  });

  it('signs a known number into its own account, the terms asked no more', async () => {
    const known = await insertUser(t, undefined, { phone: e164(newPhone()) });
    const phone = known.user.phone!.slice(3);
    await askCode(phone).expect(200);
    const session = (await smsLogin({ phone, code: aliyun.codeFor(phone) }).expect(200)).body;
    expect(session.user.id).toBe(known.id);
  });

  it('burns a code after five wrong tries, and lets none of 20 concurrent tries through twice', async () => {
    const phone = newPhone();
    await askCode(phone).expect(200);
    const code = aliyun.codeFor(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await smsLogin({ phone, code: wrong, acceptedTerms: true }).expect(400);
    await smsLogin({ phone, code, acceptedTerms: true }).expect(400);

    const other = newPhone();
    await askCode(other).expect(200);
    const right = aliyun.codeFor(other)!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => smsLogin({ phone: other, code: right, acceptedTerms: true })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE phone = $1`, [e164(other)]);
    expect(n).toBe(1);
  });

  it('keeps to the limits, taking each before anything is sent', async () => {
    const phone = newPhone();
    await askCode(phone).expect(200);
    const sent = aliyun.sent.length;
    // One a minute per number, 20 at once included: one text.
    const burst = await Promise.all(Array.from({ length: 20 }, () => askCode(phone)));
    expect(burst.every((r) => r.status === 429)).toBe(true);
    expect(Number(burst[0].headers['retry-after'])).toBeGreaterThan(0);
    // Twenty an hour per client address, whatever numbers it names.
    const address = '198.51.100.7';
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await askCode(newPhone(), 'login', address)).status);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
    expect(aliyun.sent.length).toBe(sent + 20);
  });

  it('answers 503 when Aliyun does not send, and keeps the cooldown unspent', async () => {
    const phone = newPhone();
    aliyun.answerCode = 'isv.BUSINESS_LIMIT_CONTROL';
    const failed = await askCode(phone).expect(503);
    expect(failed.body.code).toBe('SMS_UNAVAILABLE');
    aliyun.answerCode = null;
    await askCode(phone).expect(200);
    expect(aliyun.codeFor(phone)).toMatch(/^\d{6}$/);
  });

  it('binds a number to an account by a bind code, refuses another’s number, and signs in with it and a password', async () => {
    const u = await insertUser(t, undefined, { passwordHash: await hashOf('Secr3t!pass') });
    const phone = newPhone();
    await askCode(phone, 'bind').expect(200);
    const code = aliyun.codeFor(phone)!;
    // A bind code is no sign-in code, and a login code binds nothing.
    await smsLogin({ phone, code, acceptedTerms: true }).expect(400);
    const bound = await t.http.post('/api/users/me/phone').set(u.auth).send({ phone, code }).expect(200);
    expect(bound.body).toEqual({ phone: e164(phone) });
    expect((await me(u.auth)).phone).toBe(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`);
    // The number is a username for the password sign-in.
    await t.http.post('/api/auth/login').send({ username: phone, password: 'Secr3t!pass' }).expect(200);

    // Another account's number is refused, even with a code texted to it.
    const holder = await insertUser(t, undefined, { phone: e164(newPhone()) });
    const held = holder.user.phone!.slice(3);
    await askCode(held, 'bind', '203.0.113.10').expect(200);
    const taken = await t.http
      .post('/api/users/me/phone')
      .set(u.auth)
      .send({ phone: held, code: aliyun.codeFor(held) })
      .expect(409);
    expect(taken.body.code).toBe('PHONE_TAKEN');
    expect((await me(u.auth)).phone).toBe(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`);
  });

  it('gives a phone account its first password by a code texted to its number', async () => {
    const phone = newPhone();
    const u = await insertUser(t, undefined, { phone: e164(phone), email: null });
    // No password yet: a change without a code is refused.
    await t.http.put('/api/auth/password').set(u.auth).send({ newPassword: 'N3w!passw0rd' }).expect(400);
    await t.http
      .post('/api/users/me/confirmation-code')
      .set(u.auth)
      .send({ purpose: 'set-password' })
      .expect(200);
    const fresh = await t.http
      .put('/api/auth/password')
      .set(u.auth)
      .send({ newPassword: 'N3w!passw0rd', code: aliyun.codeFor(phone) })
      .expect(200);
    expect((await me(bearer(fresh.body.access_token))).hasPassword).toBe(true);
    await t.http.post('/api/auth/login').send({ username: phone, password: 'N3w!passw0rd' }).expect(200);
  });

  it('says on /providers that SMS sign-in is on', async () => {
    expect((await t.http.get('/api/auth/providers').expect(200)).body).toMatchObject({ sms: true });
  });
});

describe('the site’s daily SMS budget', () => {
  let t: TestApp;
  const aliyun = new FakeAliyunSms();
  beforeAll(async () => {
    await aliyun.start();
    t = await startTestApp({ ...aliyun.env(), SMS_DAILY_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
    await aliyun.stop();
  });

  it('stops every text past SMS_DAILY_LIMIT, and counts the refusals for the alert', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (
          await t.http
            .post('/api/auth/sms-code')
            .set('X-Forwarded-For', `192.0.2.${i}`)
            .send({ phone: newPhone(), purpose: 'login' })
        ).status,
      );
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(aliyun.sent).toHaveLength(3);
    const metrics = (await t.http.get('/metrics')).text;
    expect(metrics).toMatch(/^sms_refused_total\{limit="budget"\} 1$/m);
    expect(metrics).toMatch(/^sms_sent_total\{outcome="sent"\} 3$/m);
  });
});

/** argon2id of a password, as the app stores it. */
async function hashOf(password: string): Promise<string> {
  const argon2 = await import('argon2');
  return argon2.hash(password, { type: argon2.argon2id });
}
