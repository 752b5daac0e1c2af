import { Injectable } from '@nestjs/common';
import { AuthError, WebRoute } from '@think-tank/contracts';
import type { FastifyReply } from 'fastify';
import { AuditLog } from '../../../core/audit/audit-log.repository';
import { AppConfig } from '../../../core/config/app-config';
import { Transactions, type Tx } from '../../../core/database/transactions.service';
import { isUniqueViolation } from '../../../core/database/unique-violation';
import { AppError } from '../../../core/errors/app-error';
import { WechatOAuth, type WechatPerson } from '../../../core/wechat/wechat-oauth.service';
import { WechatOpenids } from '../../../core/wechat/wechat-openids.repository';
import type { User } from '../entities/user.entity';
import { UsersRepository } from '../users.repository';
import { bindBrowser } from './oauth-binding';
import { OAuthService } from './oauth.service';

/** WeChat's browser announces itself in its User-Agent. */
export const isWechatBrowser = (userAgent: string | null | undefined) =>
  /MicroMessenger/i.test(userAgent ?? '');

/** One WeChat person is one identity: by unionid across our apps, else by the app and its openid. */
const identityKey = (p: WechatPerson) => p.unionid ?? `${p.appId}:${p.openid}`;

/**
 * Signing in with WeChat, linking it to an account and unlinking it (contract §12 "WeChat"). WeChat gives no
 * e-mail, so a WeChat sign-in opens a new account or reaches the one it was linked to, never another by address.
 */
@Injectable()
export class WechatSignInService {
  constructor(
    private readonly wechat: WechatOAuth,
    private readonly openids: WechatOpenids,
    private readonly oauth: OAuthService,
    private readonly users: UsersRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditLog,
    private readonly config: AppConfig,
  ) {}

  /**
   * WeChat's authorisation page for this browser, which the reply binds: the website QR on a desktop, the official
   * account's OAuth inside WeChat; for a sign-in, or to link WeChat to the signed-in `userId`. 404
   * PROVIDER_DISABLED without that app; the starts per address are limited as the other providers' are.
   */
  async start(reply: FastifyReply, ip: string, inWechat: boolean, userId?: string): Promise<string> {
    const app = inWechat ? 'mp' : 'open';
    if (!this.wechat.app(app)) throw new AppError('PROVIDER_DISABLED');
    await this.oauth.takeStart(ip);
    return this.wechat.authorizationUrl(
      { app, purpose: userId ? { kind: 'link', userId } : { kind: 'signin' } },
      inWechat ? 'snsapi_userinfo' : 'snsapi_login',
      bindBrowser(reply, this.config.publicUrl),
    );
  }

  /**
   * A silent snsapi_base authorisation for the openid a ticket asks for (paying inside WeChat), coming back to
   * `returnTo`, a path of the app (else the buyer's orders); null for a bad ticket.
   */
  async startOpenid(ticket: unknown, returnTo: unknown, binding: string): Promise<string | null> {
    const userId = await this.wechat.takeOpenidTicket(ticket);
    if (!userId || !this.wechat.app('mp')) return null;
    const path =
      typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo)
        ? returnTo.slice(0, 500)
        : WebRoute.myOrders;
    return this.wechat.authorizationUrl(
      { app: 'mp', purpose: { kind: 'openid', userId, returnTo: path } },
      'snsapi_base',
      binding,
    );
  }

  /** Where the browser goes once WeChat sent it back with `code` and `state`. */
  async callback(query: Record<string, unknown>, binding: string | undefined): Promise<string> {
    const web = (path: string, params: Record<string, string>) =>
      `${this.config.publicUrl}${path}?${new URLSearchParams(params)}`;
    const failed = web('/auth/wechat/callback', { authError: AuthError.wechat });
    const state = await this.wechat.takeState(query.state, binding);
    if (!state || !binding) return failed;
    const person = await this.wechat.person(state.app, query.code);
    const { purpose } = state;
    if (purpose.kind === 'openid') {
      if (person) await this.transactions.run((tx) => this.openids.keep(tx, person, purpose.userId));
      // Only a page of ours: the ticket's address was ours to choose, and stays so.
      const back = new URL(
        purpose.returnTo.startsWith('/') ? purpose.returnTo : '/',
        `${this.config.publicUrl}/`,
      );
      if (back.origin !== new URL(this.config.publicUrl).origin) back.href = `${this.config.publicUrl}/`;
      if (!person) back.searchParams.set('wechatAuth', 'failed');
      return back.toString();
    }
    if (purpose.kind === 'link') {
      if (!person) return web('/profile', { linkError: AuthError.wechat });
      const error = await this.link(purpose.userId, person);
      return web('/profile', error ? { linkError: error } : { linked: 'wechat' });
    }
    const user = person ? await this.signIn(person) : null;
    if (!user) return failed;
    if (user.disabled) return web('/auth/wechat/callback', { authError: AuthError.authenticationFailed });
    return web('/auth/wechat/callback', { code: await this.oauth.issueExchangeCode(user.id, binding) });
  }

  /**
   * Unlinks WeChat from the account: 404 when it is not linked, 409 LAST_SIGN_IN_METHOD when nothing else signs
   * in (a password, a bound number, a verified address, another provider).
   */
  async unlink(userId: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const user = await this.users.locked(tx, userId);
      if (!user) throw new AppError('NOT_FOUND');
      const others = (await this.users.providersOf(userId, tx)).filter((p) => p !== 'wechat');
      if (!user.passwordHash && !user.phone && !user.emailVerifiedAt && !others.length)
        throw new AppError('LAST_SIGN_IN_METHOD');
      if (!(await this.users.unlink(tx, userId, 'wechat'))) throw new AppError('NOT_FOUND');
      await this.openids.forget(tx, userId);
      await this.record(tx, userId, 'account.identity_unlinked');
    });
  }

  /** The linked account, or a new one (no e-mail, no password); a concurrent first sign-in of the same person wins. */
  private async signIn(person: WechatPerson): Promise<User> {
    const key = identityKey(person);
    try {
      return await this.transactions.run(async (tx) => {
        let user = await this.users.linkedTo(tx, 'wechat', key);
        if (!user) {
          user = await this.users.insert(
            { username: await this.users.freeUsername(person.nickname || '微信用户'), email: null },
            tx,
          );
          await this.users.link(tx, 'wechat', key, user.id);
        }
        await this.openids.keep(tx, person, user.id);
        return user;
      });
    } catch (e) {
      const winner = isUniqueViolation(e)
        ? await this.transactions.run((tx) => this.users.linkedTo(tx, 'wechat', key))
        : null;
      if (!winner) throw e;
      return winner;
    }
  }

  /** Links the person's WeChat to the account (in place of a WeChat linked before); the error code when refused. */
  private async link(userId: string, person: WechatPerson): Promise<'IDENTITY_TAKEN' | null> {
    const key = identityKey(person);
    try {
      return await this.transactions.run(async (tx) => {
        const holder = await this.users.linkedTo(tx, 'wechat', key);
        if (holder && holder.id !== userId) return 'IDENTITY_TAKEN';
        if (!holder) {
          await this.users.unlink(tx, userId, 'wechat');
          await this.users.link(tx, 'wechat', key, userId);
          await this.record(tx, userId, 'account.identity_linked');
        }
        await this.openids.keep(tx, person, userId);
        return null;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return 'IDENTITY_TAKEN';
      throw e;
    }
  }

  private record(tx: Tx, userId: string, action: string): Promise<void> {
    return this.audit.record(tx, {
      actorId: userId,
      action,
      targetType: 'user',
      targetId: userId,
      details: { provider: 'wechat' },
    });
  }
}
