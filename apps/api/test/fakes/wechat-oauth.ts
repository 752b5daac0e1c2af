import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WeChat user as an app sees them: an openid per app, and the unionid across the company's apps (when bound). */
export interface WechatUser {
  unionid?: string;
  nickname: string;
  /** The openid of this person under each app id. */
  openids: Record<string, string>;
}

interface Grant {
  appid: string;
  scope: string;
  user: WechatUser;
}

/**
 * WeChat's web authorisation as a server meets it (open platform's QR sign-in and the official account's OAuth):
 * the authorisation pages at open.weixin.qq.com (`/connect/qrconnect`, `/connect/oauth2/authorize`, which here
 * "scan and agree" at once for `consenting` and send the browser back with a code), and api.weixin.qq.com's
 * `/sns/oauth2/access_token` (app id and secret checked, a code used once) and `/sns/userinfo` (not for a
 * snsapi_base token), with WeChat's own `{errcode, errmsg}` errors.
 */
export class FakeWechatOAuth {
  readonly open = { appId: 'wx0pen0000000000001', secret: 'open-secret-for-tests' };
  readonly mp: { appId: string; secret: string };
  /** Who scans or agrees when a browser arrives at an authorisation page. */
  consenting?: WechatUser;
  readonly authorisations: { path: string; query: Record<string, string> }[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, Grant>();
  private server?: Server;
  url = '';

  /** `mpAppId`: the official account's app id (WeChat Pay's WECHATPAY_APPID, when JSAPI is tested). */
  constructor(mpAppId = 'wxmp00000000000001') {
    this.mp = { appId: mpAppId, secret: 'mp-secret-for-tests' };
  }

  env(): Record<string, string> {
    return {
      WECHAT_OPEN_APP_ID: this.open.appId,
      WECHAT_OPEN_APP_SECRET: this.open.secret,
      WECHAT_MP_APP_ID: this.mp.appId,
      WECHAT_MP_APP_SECRET: this.mp.secret,
      WECHAT_OAUTH_URL: this.url,
      WECHAT_API_URL: this.url,
    };
  }

  /** A person with an openid under both apps and, unless told otherwise, a unionid. */
  person(withUnion = true): WechatUser {
    const id = randomBytes(6).toString('hex');
    return {
      unionid: withUnion ? `o6_union_${id}` : undefined,
      nickname: `微信用户${id.slice(0, 4)}`,
      openids: { [this.open.appId]: `oOpen_${id}`, [this.mp.appId]: `oMp_${id}` },
    };
  }

  /** The code WeChat would append to the callback once `user` agreed, for the app and scope. */
  authorize(appid: string, scope: string, user: WechatUser): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { appid, scope, user });
    return code;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const query = Object.fromEntries(url.searchParams);
      const json = (value: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/connect/qrconnect' || url.pathname === '/connect/oauth2/authorize') {
        this.authorisations.push({ path: url.pathname, query });
        const scope = query.scope;
        const allowed =
          url.pathname === '/connect/qrconnect' ? ['snsapi_login'] : ['snsapi_userinfo', 'snsapi_base'];
        if (!this.consenting || !allowed.includes(scope) || query.response_type !== 'code')
          return json({ errcode: 10003, errmsg: 'redirect_uri or scope invalid' });
        const back = new URL(query.redirect_uri);
        back.searchParams.set('code', this.authorize(query.appid, scope, this.consenting));
        back.searchParams.set('state', query.state ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/sns/oauth2/access_token') {
        const secret =
          query.appid === this.open.appId
            ? this.open.secret
            : query.appid === this.mp.appId
              ? this.mp.secret
              : null;
        if (!secret || query.secret !== secret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        const grant = this.codes.get(query.code ?? '');
        this.codes.delete(query.code ?? '');
        if (!grant || grant.appid !== query.appid || query.grant_type !== 'authorization_code')
          return json({ errcode: 40029, errmsg: 'invalid code' });
        const token = randomBytes(16).toString('hex');
        this.tokens.set(token, grant);
        return json({
          access_token: token,
          expires_in: 7200,
          refresh_token: randomBytes(16).toString('hex'),
          openid: grant.user.openids[grant.appid],
          scope: grant.scope,
          ...(grant.user.unionid && grant.scope !== 'snsapi_base' ? { unionid: grant.user.unionid } : {}),
        });
      }
      if (url.pathname === '/sns/userinfo') {
        const grant = this.tokens.get(query.access_token ?? '');
        if (!grant || grant.user.openids[grant.appid] !== query.openid)
          return json({
            errcode: 40001,
            errmsg: 'invalid credential, access_token is invalid or not latest',
          });
        if (grant.scope === 'snsapi_base') return json({ errcode: 48001, errmsg: 'api unauthorized' });
        return json({
          openid: query.openid,
          nickname: grant.user.nickname,
          sex: 0,
          province: '',
          city: '',
          country: '',
          headimgurl: '',
          privilege: [],
          ...(grant.user.unionid ? { unionid: grant.user.unionid } : {}),
        });
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
