import { Inject, Injectable } from '@nestjs/common';
import {
  OAUTH_EXCHANGE_CODE_TTL_SECONDS,
  type Language,
  type OAuthProvider,
  type ProvidersResponse,
  type SessionResponse,
} from '@think-tank/contracts';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { Profile } from 'passport';
import { AppConfig, type OAuthProviderConfig } from '../../../core/config/app-config';
import { Transactions } from '../../../core/database/transactions.service';
import { AppError } from '../../../core/errors/app-error';
import { RateLimiter } from '../../../core/redis/rate-limiter.service';
import { REDIS } from '../../../core/redis/redis.provider';
import { SmsService } from '../../../core/sms/sms.service';
import { AuthMessage } from '../auth.messages';
import { AuthService } from '../auth.service';
import type { User } from '../entities/user.entity';
import { sha256, TokenService } from '../token.service';
import { UsersRepository } from '../users.repository';
import { STATE_TTL_SECONDS } from './oauth-binding';
import { OAuthStateStore } from './oauth-state.store';

/** The provider's real endpoints; each may be overridden (GOOGLE_AUTH_URL, …) for a local fake or a proxy. */
const DEFAULTS: Record<
  OAuthProvider,
  { authUrl: string; tokenUrl: string; profileUrl: string; scope: string[] }
> = {
  google: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://www.googleapis.com/oauth2/v3/userinfo',
    scope: ['openid', 'email', 'profile'],
  },
  github: {
    authUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    scope: ['read:user', 'user:email'],
  },
};

export interface ProviderEndpoints extends Required<OAuthProviderConfig> {
  callbackUrl: string;
  scope: string[];
}

/** A user as a provider describes them: the id and the e-mail addresses it vouches for. */
export interface ProviderProfile {
  id: string;
  username?: string;
  verifiedEmails: string[];
}

export function profileFromPassport(profile: Profile): ProviderProfile {
  const emails = (profile.emails ?? []) as {
    value: string;
    verified?: boolean | string;
    primary?: boolean;
  }[];
  // Primary first, so a new account takes the address the user chose at the provider.
  const verified = emails
    .filter((e) => e.verified === true || e.verified === 'true')
    .sort((a, b) => Number(Boolean(b.primary)) - Number(Boolean(a.primary)))
    .map((e) => e.value.toLowerCase());
  return {
    id: String(profile.id),
    username: profile.username ?? profile.displayName,
    verifiedEmails: verified,
  };
}

@Injectable()
export class OAuthService {
  readonly stateStores: Record<OAuthProvider, OAuthStateStore>;

  constructor(
    private readonly config: AppConfig,
    private readonly auth: AuthService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly users: UsersRepository,
    private readonly transactions: Transactions,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly sms: SmsService,
  ) {
    this.stateStores = {
      google: new OAuthStateStore(redis, 'google'),
      github: new OAuthStateStore(redis, 'github'),
    };
  }

  providers(): ProvidersResponse {
    return {
      google: Boolean(this.config.google),
      github: Boolean(this.config.github),
      sms: this.sms.available,
      wechat: Boolean(this.config.wechat.open || this.config.wechat.mp),
    };
  }

  endpoints(provider: OAuthProvider): ProviderEndpoints | undefined {
    const own = this.config[provider];
    if (!own) return undefined;
    const d = DEFAULTS[provider];
    return {
      clientId: own.clientId,
      clientSecret: own.clientSecret,
      authUrl: own.authUrl ?? d.authUrl,
      tokenUrl: own.tokenUrl ?? d.tokenUrl,
      profileUrl: own.profileUrl ?? d.profileUrl,
      callbackUrl: `${this.config.publicUrl}/api/auth/${provider}/callback`,
      scope: d.scope,
    };
  }

  /**
   * Counts a sign-in start, which keeps a state in Redis for 10 minutes (contract §11): 20 per client address and
   * 20,000 in all per 10 minutes, so that anonymous starts hold at most about 6 MB of Redis at any time.
   */
  takeStart(ip: string): Promise<void> {
    return this.limiter.take(
      { key: `oauth-start:${ip}`, max: 20, windowSeconds: STATE_TTL_SECONDS },
      { key: 'oauth-start:all', max: 20_000, windowSeconds: STATE_TTL_SECONDS },
    );
  }

  /** The provider's authorisation address, with a fresh `state` bound to the browser (its binding's hash). */
  async authorizationUrl(provider: OAuthProvider, binding: string): Promise<string> {
    const e = this.endpoints(provider);
    if (!e) throw new AppError('PROVIDER_DISABLED');
    const url = new URL(e.authUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: e.clientId,
      redirect_uri: e.callbackUrl,
      scope: e.scope.join(' '),
      state: await this.stateStores[provider].issue(binding),
    }).toString();
    return url.toString();
  }

  /**
   * The local account of a provider identity: the linked one, else an existing account with an address the
   * provider says is verified (then linked), else a new account. Null when no verified address is known.
   *
   * An existing account whose address was never verified is taken over for the provider's user: whoever
   * registered it could not read that mailbox, so its password is cleared and its sessions end (otherwise one
   * could register a victim's address, wait for the victim to sign in with GitHub, and log in with the password).
   */
  async userFor(provider: OAuthProvider, profile: ProviderProfile): Promise<User | null> {
    let takenOver: string | undefined;
    const linked = await this.transactions.run(async (tx) => {
      const identified = await this.users.linkedTo(tx, provider, profile.id);
      if (identified) return identified;
      if (!profile.verifiedEmails.length) return null;
      let user = await this.users.withEmailIn(tx, profile.verifiedEmails);
      if (!user) {
        user = await this.users.insert(
          {
            username: await this.users.freeUsername(
              profile.username ?? profile.verifiedEmails[0].split('@')[0],
            ),
            email: profile.verifiedEmails[0],
            passwordHash: null,
            emailVerifiedAt: new Date(),
          },
          tx,
        );
      } else if (!user.emailVerifiedAt) {
        Object.assign(user, { emailVerifiedAt: new Date(), passwordHash: null });
        await this.users.update(user.id, { emailVerifiedAt: user.emailVerifiedAt, passwordHash: null }, tx);
        await this.tokens.endAllSessions(tx, user.id);
        takenOver = user.id;
      }
      await this.users.link(tx, provider, profile.id, user.id);
      return user;
    });
    if (takenOver) this.tokens.sessionsEnded(takenOver);
    return linked;
  }

  /**
   * A one-time code (60 s) the web app trades for tokens, so that tokens never travel in a URL; only the browser
   * that started the sign-in (its binding's hash) can trade it.
   */
  async issueExchangeCode(userId: string, binding: string): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.redis.set(
      `oauth:exchange:${sha256(code)}`,
      `${binding}:${userId}`,
      'EX',
      OAUTH_EXCHANGE_CODE_TTL_SECONDS,
    );
    return code;
  }

  async exchange(
    code: string,
    binding: string | undefined,
    lang: Language,
    device: string | null = null,
  ): Promise<SessionResponse> {
    const stored = await this.redis.getdel(`oauth:exchange:${sha256(code)}`);
    const [boundTo, userId] = stored?.split(':') ?? [];
    const user = userId && binding && boundTo === binding ? await this.auth.findUser(userId) : null;
    if (!user) throw new AppError('INVALID_EXCHANGE_CODE');
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
    return this.auth.session(user, AuthMessage.loggedIn[lang], device);
  }
}
