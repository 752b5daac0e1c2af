import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@think-tank/contracts';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type Redis from 'ioredis';
import * as jwt from 'jsonwebtoken';
import type { Tx } from '../../core/database/transactions.service';
import { TokenVersions } from '../../core/auth/token-versions.service';
import { SocketPush } from '../../core/realtime/socket-push.service';
import { accessKeyOf, verifyAccessToken, type AccessClaims } from '../../core/auth/access-token';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { REDIS } from '../../core/redis/redis.provider';
import type { RefreshToken } from './entities/refresh-token.entity';
import type { Session } from './entities/session.entity';
import type { User } from './entities/user.entity';
import { SessionsRepository } from './sessions.repository';

export type { AccessClaims };

/** `<session id>.<generation>.<mac>`: the mac a keyed hash of the two (nothing secret is stored). */
const REFRESH_FORMAT =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/;
/** The release before's `<token id>.<secret>`, carried over to a session on its first refresh. */
const LEGACY_FORMAT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const invalidRefresh = () => new AppError('INVALID_REFRESH_TOKEN');

/**
 * A refresh token presented again this soon after its rotation answers the pair it produced (contract §11): a tab
 * reloaded while its refresh was in flight. Later, reuse revokes the family.
 */
export const ROTATION_GRACE_SECONDS = 30;

/**
 * The pair a rotation produced, kept for the grace period sealed with a key only the spent token gives: what Redis
 * holds opens nothing without the token itself. AES-256-GCM; iv, tag and text in base64url.
 */
function seal(pair: TokenPair, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', graceKey(secret), iv);
  const text = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url');
}

function unseal(sealed: string, secret: string): TokenPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', graceKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
  } catch {
    return null;
  }
}

const graceKey = (secret: string) => createHash('sha256').update(`rotation-grace:${secret}`).digest();

/** A refresh token of this release, its mac checked: the session and generation it names. */
interface RefreshClaim {
  sessionId: string;
  generation: number;
  mac: string;
}

/**
 * Access tokens are HS256 JWTs (15 min) signed with a KeyObject (a string key costs ~40x per verify,
 * performance-notes.md). Refresh tokens are opaque `<id>.<secret>` strings, so neither can pass for the other.
 */
@Injectable()
export class TokenService {
  private readonly logger = new Logger(TokenService.name);
  readonly accessKey: KeyObject;
  /** Signs refresh tokens (their mac): derived from the JWT secret, so a stolen database forges none. */
  private readonly refreshKey: Buffer;

  constructor(
    config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly versions: TokenVersions,
    private readonly sockets: SocketPush,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.accessKey = accessKeyOf(config.jwtSecret);
    this.refreshKey = createHash('sha256').update(`refresh-token:${config.jwtSecret}`).digest();
  }

  verifyAccess(token: string): AccessClaims {
    return verifyAccessToken(token, this.accessKey);
  }

  /** A new session from `userAgent`'s browser, and its first pair. */
  async issue(
    user: Pick<User, 'id' | 'role' | 'tokenVersion'>,
    tx?: Tx,
    userAgent: string | null = null,
  ): Promise<TokenPair> {
    const now = new Date();
    const session = await this.sessions.insert(
      {
        id: randomUUID(),
        userId: user.id,
        generation: 0,
        userAgent: userAgent?.slice(0, 300) || null,
        signedInAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      },
      tx,
    );
    return this.pairFor(user, session.id, 0);
  }

  /**
   * The session a refresh token names, when its mac is right (a token nobody issued names none): what a limit per
   * session is keyed by. Tokens of the release before name their token's id.
   */
  sessionOf(refreshToken: string): string | null {
    return this.claim(refreshToken)?.sessionId ?? LEGACY_FORMAT.exec(refreshToken)?.[1] ?? null;
  }

  /**
   * Spends a refresh token and answers the session's next one. The same token again within the grace period
   * answers the same next pair (a reloaded tab); any older one, however old, revokes the session.
   */
  async rotate(
    refreshToken: string,
    loadUser: (id: string) => Promise<User | null>,
  ): Promise<{ user: User; pair: TokenPair }> {
    const claim = this.claim(refreshToken);
    if (!claim) return this.carryOver(refreshToken, loadUser);
    const session = await this.sessions.byId(claim.sessionId);
    if (!session || !live(session)) throw invalidRefresh();
    const user = await loadUser(session.userId);
    if (!user || user.disabled) throw invalidRefresh();
    // One rotation of a session at a time, under its row lock: a concurrent use waits for the first to commit, by
    // which time the pair it produced is kept for the grace period (no polling for it).
    const outcome = await this.sessions.rotating(session.id, async (tx, locked) => {
      if (!locked || !live(locked)) return 'invalid' as const;
      if (claim.generation === locked.generation) {
        const pair = this.pairFor(user, session.id, locked.generation + 1);
        await this.sessions.advance(tx, session.id, locked.generation + 1);
        await this.redis
          .set(graceKeyOf(claim), seal(pair, claim.mac), 'EX', ROTATION_GRACE_SECONDS)
          .catch((err: Error) => this.logger.warn(`rotation grace not kept (Redis): ${err.message}`));
        return pair;
      }
      if (claim.generation > locked.generation) return 'invalid' as const;
      const rotatedAt = locked.rotatedAt ? new Date(locked.rotatedAt).getTime() : 0;
      const fresh =
        claim.generation === locked.generation - 1 && Date.now() - rotatedAt <= ROTATION_GRACE_SECONDS * 1000;
      const sealed = fresh ? await this.redis.get(graceKeyOf(claim)).catch(() => null) : null;
      return (sealed && unseal(sealed, claim.mac)) || ('reused' as const);
    });
    // Reuse of a spent token past its grace: somebody else holds a copy. End the whole session.
    if (outcome === 'reused') await this.sessions.revoke(session.id);
    if (typeof outcome === 'string') throw invalidRefresh();
    return { user, pair: outcome };
  }

  /** Ends the token's session; answers whose it was (null for an unknown token). */
  async revoke(refreshToken: string): Promise<string | null> {
    const claim = this.claim(refreshToken);
    if (claim) {
      const session = await this.sessions.byId(claim.sessionId);
      if (session) await this.sessions.revoke(session.id);
      return session?.userId ?? null;
    }
    const legacy = await this.legacyToken(refreshToken);
    if (legacy) await this.sessions.revokeLegacy(legacy.familyId);
    return legacy?.userId ?? null;
  }

  /**
   * Ends every session of the user in the caller's transaction: refresh tokens revoked, and the token version
   * raised so that access tokens stop working within seconds on every replica (TokenVersions). After the commit,
   * call `sessionsEnded`.
   */
  async endAllSessions(tx: Tx, userId: string): Promise<void> {
    await this.sessions.revokeAllOf(tx, userId);
    await this.sessions.raiseVersion(tx, userId);
  }

  /** Access tokens issued so far stop working (a role change: the next refresh carries the new role). */
  raiseVersion(tx: Tx, userId: string): Promise<void> {
    return this.sessions.raiseVersion(tx, userId);
  }

  /** Once the change is committed: this process forgets the old version, and the user's sockets close. */
  sessionsEnded(userId: string): void {
    this.versions.forget(userId);
    this.sockets.disconnectUser(userId);
  }

  /** A signed pair for the session's generation: the access token names the session (`sid`). */
  private pairFor(
    user: Pick<User, 'id' | 'role' | 'tokenVersion'>,
    sessionId: string,
    generation: number,
  ): TokenPair {
    const claims = { sub: user.id, role: user.role, typ: 'access', ver: user.tokenVersion, sid: sessionId };
    const access_token = jwt.sign(claims, this.accessKey, {
      algorithm: 'HS256',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    });
    return { access_token, refresh_token: `${sessionId}.${generation}.${this.mac(sessionId, generation)}` };
  }

  private mac(sessionId: string, generation: number): string {
    return createHmac('sha256', this.refreshKey).update(`${sessionId}.${generation}`).digest('base64url');
  }

  /** What a refresh token of this release claims, when its mac is right; null for anything else. */
  private claim(refreshToken: string): RefreshClaim | null {
    const match = REFRESH_FORMAT.exec(refreshToken);
    if (!match) return null;
    const [, sessionId, generation, mac] = match;
    return sameText(mac, this.mac(sessionId, Number(generation)))
      ? { sessionId, generation: Number(generation), mac }
      : null;
  }

  /** A refresh token of the release before, its secret checked against the hash it stored. */
  private async legacyToken(refreshToken: string): Promise<RefreshToken | null> {
    const match = LEGACY_FORMAT.exec(refreshToken);
    const row = match ? await this.sessions.legacyToken(match[1]) : null;
    return row && sameText(row.secretHash, sha256(match![2])) ? row : null;
  }

  /**
   * A refresh token of the release before: its session becomes one of this release's (generation 0), rotated at
   * once; a spent one revokes its session as before.
   */
  private async carryOver(
    refreshToken: string,
    loadUser: (id: string) => Promise<User | null>,
  ): Promise<{ user: User; pair: TokenPair }> {
    const token = await this.legacyToken(refreshToken);
    if (!token || token.revokedAt || token.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
    if (token.usedAt) {
      await this.sessions.revokeLegacy(token.familyId);
      throw invalidRefresh();
    }
    if (!(await this.sessions.carryOver(token))) throw invalidRefresh();
    return this.rotate(`${token.familyId}.0.${this.mac(token.familyId, 0)}`, loadUser);
  }
}

/** Neither revoked nor past its absolute expiry. */
const live = (s: Pick<Session, 'revokedAt' | 'expiresAt'>) =>
  !s.revokedAt && new Date(s.expiresAt).getTime() > Date.now();
/** Where the pair a rotation produced waits for a reload of the token it spent. */
const graceKeyOf = (claim: RefreshClaim) => `rotated:${claim.sessionId}:${claim.generation}`;
