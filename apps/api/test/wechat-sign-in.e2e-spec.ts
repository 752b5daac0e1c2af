import { FakeWechatOAuth, type WechatUser } from './fakes/wechat-oauth';
import { insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { UA } from './support/user-agents';

type Auth = Record<string, string>;

/** Contract §12 "WeChat": sign-in by the website QR and inside WeChat, one account per unionid, linking. */
describe('WeChat sign-in', () => {
  let t: TestApp;
  const wechat = new FakeWechatOAuth();
  beforeAll(async () => {
    await wechat.start();
    t = await startTestApp(wechat.env());
  });
  afterAll(async () => {
    await t.close();
    await wechat.stop();
  });

  /** A browser's start of a WeChat sign-in (or a link, with `auth`): the address it is sent to and its cookie. */
  async function start(options: { inWechat?: boolean; auth?: Auth } = {}) {
    const req = options.auth
      ? t.http.post('/api/users/me/identities/wechat').set(options.auth)
      : t.http.post('/api/auth/wechat');
    if (options.inWechat) req.set('User-Agent', UA.inWechat);
    const res = await req.send({}).expect(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? '';
    return { redirect: new URL(res.body.redirectUrl), cookie };
  }
  /** The person agrees at WeChat; the browser comes back to our callback with WeChat's code. */
  async function agree(started: { redirect: URL; cookie: string }, person: WechatUser) {
    wechat.consenting = person;
    const atWechat = await fetch(started.redirect, { redirect: 'manual' });
    expect(atWechat.status).toBe(302);
    const back = new URL(atWechat.headers.get('location')!);
    const callback = await t.http
      .get(`${back.pathname}${back.search}`)
      .set('Cookie', started.cookie)
      .expect(302);
    return new URL(callback.headers.location);
  }
  /** A whole sign-in: start, agree, and trade the one-time code for a session, from the same browser. */
  async function signIn(person: WechatUser, inWechat = false) {
    const started = await start({ inWechat });
    const landed = await agree(started, person);
    expect(landed.pathname).toBe('/auth/wechat/callback');
    const session = await t.http
      .post('/api/auth/exchange')
      .set('Cookie', started.cookie)
      .send({ code: landed.searchParams.get('code') })
      .expect(200);
    return session.body as { access_token: string; user: { id: string; email: string | null } };
  }
  const me = async (token: string) =>
    (await t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200)).body;

  it('sends a desktop browser to the website QR, and WeChat’s browser to the official account', async () => {
    const desktop = await start();
    expect(desktop.redirect.pathname).toBe('/connect/qrconnect');
    expect(Object.fromEntries(desktop.redirect.searchParams)).toMatchObject({
      appid: wechat.open.appId,
      response_type: 'code',
      scope: 'snsapi_login',
      redirect_uri: 'http://localhost:3000/api/auth/wechat/callback',
      state: expect.stringMatching(/^[\w-]{32}$/),
    });
    expect(desktop.redirect.hash).toBe('#wechat_redirect');
    const inside = await start({ inWechat: true });
    expect(inside.redirect.pathname).toBe('/connect/oauth2/authorize');
    expect(Object.fromEntries(inside.redirect.searchParams)).toMatchObject({
      appid: wechat.mp.appId,
      scope: 'snsapi_userinfo',
    });
    expect((await t.http.get('/api/auth/providers').expect(200)).body.wechat).toBe(true);
  });

  it('makes one account of one unionid, whether it signs in by QR or inside WeChat, and joins nothing by itself', async () => {
    const person = wechat.person();
    const byQr = await signIn(person);
    const inside = await signIn(person, true);
    expect(inside.user.id).toBe(byQr.user.id);
    expect(byQr.user.email).toBeNull();
    expect(await me(byQr.access_token)).toMatchObject({ identities: ['wechat'], hasPassword: false });
    // Another person is another account.
    expect((await signIn(wechat.person())).user.id).not.toBe(byQr.user.id);
  });

  it('keys a person without a unionid by the app and openid', async () => {
    const person = wechat.person(false);
    const first = await signIn(person);
    expect((await signIn(person)).user.id).toBe(first.user.id);
    // The official account's openid is another app's: without a unionid WeChat gives no way to tell it is the same.
    expect((await signIn(person, true)).user.id).not.toBe(first.user.id);
  });

  it('refuses a bad state, a state used twice, and a state from another browser', async () => {
    const person = wechat.person();
    const started = await start();
    const state = started.redirect.searchParams.get('state')!;
    const code = () => wechat.authorize(wechat.open.appId, 'snsapi_login', person);
    const callback = (query: Record<string, string>, cookie = started.cookie) =>
      t.http.get('/api/auth/wechat/callback').set('Cookie', cookie).query(query).expect(302);
    const refused = (res: { headers: Record<string, string> }) =>
      new URL(res.headers.location).searchParams.get('authError');
    expect(refused(await callback({ code: code(), state: 'x'.repeat(32) }))).toBe('wechat_failed');
    expect(
      refused(await callback({ code: code(), state }, 'tt_oauth=someone-elses-browser-binding000')),
    ).toBe('wechat_failed');
    // The state was not spent by the other browser's try: the right browser still comes back once.
    const ok = await callback({ code: code(), state });
    expect(new URL(ok.headers.location).searchParams.get('code')).toBeTruthy();
    expect(refused(await callback({ code: code(), state }))).toBe('wechat_failed');
  });

  it('links WeChat to an account, refuses one another account holds, and keeps the last way in', async () => {
    const holder = await insertUser(t);
    const person = wechat.person();
    const linked = await agree(await start({ auth: holder.auth }), person);
    expect(`${linked.pathname}?${linked.searchParams}`).toBe('/profile?linked=wechat');
    expect((await me(holder.auth.Authorization.slice(7))).identities).toEqual(['wechat']);
    // Signing in by that WeChat now reaches the account it was linked to.
    expect((await signIn(person)).user.id).toBe(holder.id);

    const other = await insertUser(t);
    const taken = await agree(await start({ auth: other.auth }), person);
    expect(taken.searchParams.get('linkError')).toBe('IDENTITY_TAKEN');
    expect((await me(other.auth.Authorization.slice(7))).identities).toEqual([]);

    // An account with a password may unlink; one that WeChat alone opens may not.
    await t.http.delete('/api/users/me/identities/wechat').set(holder.auth).expect(204);
    expect((await me(holder.auth.Authorization.slice(7))).identities).toEqual([]);
    const only = await signIn(wechat.person());
    const refused = await t.http
      .delete('/api/users/me/identities/wechat')
      .set('Authorization', `Bearer ${only.access_token}`)
      .expect(409);
    expect(refused.body.code).toBe('LAST_SIGN_IN_METHOD');
  });
});
