import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig, type WechatAppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.provider';

/** Our two WeChat apps: the open platform's website app (QR) and the official account (inside WeChat). */
export type WechatApp = 'open' | 'mp';
export type WechatScope = 'snsapi_login' | 'snsapi_userinfo' | 'snsapi_base';

/** What a WeChat authorisation is for: signing in, linking to the signed-in account, or only learning the openid. */
export type WechatPurpose =
  | { kind: 'signin' }
  | { kind: 'link'; userId: string }
  | { kind: 'openid'; userId: string; returnTo: string };

export interface WechatState {
  app: WechatApp;
  purpose: WechatPurpose;
}

/** The person as WeChat describes them to one of our apps. */
export interface WechatPerson {
  appId: string;
  openid: string;
  unionid?: string;
  nickname?: string;
}

/** As long as a state, or an openid ticket, lives: the QR page waits this long for a scan. */
export const WECHAT_STATE_TTL_SECONDS = 600;
const TIMEOUT_MS = 5_000;
const ticketKey = (ticket: string) => `wechat:ticket:${createHash('sha256').update(ticket).digest('hex')}`;

/** Deletes the state only when the browser binding (its first 64 characters) matches, and answers it. */
const TAKE_STATE = `
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, 64) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return v
end
return false`;

/**
 * WeChat's web authorisation (contract §12 "WeChat"): the authorisation address of either app, its `state` in
 * Redis (single-use, bound to the browser, and checked before it is spent so that another browser cannot burn it),
 * the code traded at `/sns/oauth2/access_token`, and the profile from `/sns/userinfo`.
 */
@Injectable()
export class WechatOAuth {
  private readonly logger = new Logger(WechatOAuth.name);

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  app(app: WechatApp): WechatAppConfig | undefined {
    return this.config.wechat[app];
  }

  get callbackUrl(): string {
    return `${this.config.publicUrl}/api/auth/wechat/callback`;
  }

  /** WeChat's authorisation page for the app, with a fresh state bound to the browser (its binding's hash). */
  async authorizationUrl(state: WechatState, scope: WechatScope, binding: string): Promise<string> {
    const app = this.app(state.app);
    if (!app) throw new Error(`WeChat app ${state.app} is not configured`);
    const id = randomBytes(24).toString('base64url');
    await this.redis.set(
      `wechat:state:${id}`,
      `${binding}${JSON.stringify(state)}`,
      'EX',
      WECHAT_STATE_TTL_SECONDS,
    );
    const page = state.app === 'open' ? '/connect/qrconnect' : '/connect/oauth2/authorize';
    // WeChat reads these parameters in this order, and the fragment tells its client to follow the redirect.
    const query = new URLSearchParams([
      ['appid', app.appId],
      ['redirect_uri', this.callbackUrl],
      ['response_type', 'code'],
      ['scope', scope],
      ['state', id],
    ]);
    return `${this.config.wechat.oauthUrl}${page}?${query}#wechat_redirect`;
  }

  /** The state, spent, when this browser is the one it was issued to; null otherwise (and it stays for its own). */
  async takeState(id: unknown, binding: string | undefined): Promise<WechatState | null> {
    if (typeof id !== 'string' || !/^[\w-]{32}$/.test(id) || !binding) return null;
    const stored = (await this.redis.eval(TAKE_STATE, 1, `wechat:state:${id}`, binding)) as string | null;
    return stored ? (JSON.parse(stored.slice(64)) as WechatState) : null;
  }

  /**
   * The person who agreed, from the code WeChat sent back: the code traded with the app's secret, then, unless the
   * scope was snsapi_base, the profile. Null when WeChat refuses or cannot be reached.
   */
  async person(appName: WechatApp, code: unknown): Promise<WechatPerson | null> {
    const app = this.app(appName);
    if (!app || typeof code !== 'string' || !/^[\w-]{1,128}$/.test(code)) return null;
    try {
      const token = await this.call<{
        access_token: string;
        openid: string;
        scope: string;
        unionid?: string;
      }>('/sns/oauth2/access_token', {
        appid: app.appId,
        secret: app.secret,
        code,
        grant_type: 'authorization_code',
      });
      const person: WechatPerson = { appId: app.appId, openid: token.openid, unionid: token.unionid };
      if (token.scope?.split(',').includes('snsapi_base')) return person;
      const info = await this.call<{ nickname?: string; unionid?: string }>('/sns/userinfo', {
        access_token: token.access_token,
        openid: token.openid,
        lang: 'zh_CN',
      });
      return { ...person, unionid: info.unionid ?? person.unionid, nickname: info.nickname };
    } catch (err) {
      this.logger.warn(`WeChat authorisation failed: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * A single-use ticket (10 min) for the user that starts a snsapi_base authorisation at
   * `/api/auth/wechat/openid?ticket=…`, to which the page adds `returnTo` (a path of the app) to come back to.
   */
  async openidTicketUrl(userId: string): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await this.redis.set(ticketKey(ticket), userId, 'EX', WECHAT_STATE_TTL_SECONDS);
    return `${this.config.publicUrl}/api/auth/wechat/openid?ticket=${ticket}`;
  }

  /** The user a ticket was issued to, once. */
  async takeOpenidTicket(ticket: unknown): Promise<string | null> {
    if (typeof ticket !== 'string' || !/^[\w-]{32}$/.test(ticket)) return null;
    return this.redis.getdel(ticketKey(ticket));
  }

  private async call<T>(path: string, query: Record<string, string>): Promise<T> {
    const res = await fetch(`${this.config.wechat.apiUrl}${path}?${new URLSearchParams(query)}`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json()) as T & { errcode?: number; errmsg?: string };
    if (!res.ok || (body.errcode !== undefined && body.errcode !== 0))
      throw new Error(`${path}: ${res.status} ${body.errcode ?? ''} ${body.errmsg ?? ''}`);
    return body;
  }
}
