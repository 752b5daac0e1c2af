import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@think-tank/contracts';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type Redis from 'ioredis';
import * as jwt from 'jsonwebtoken';
import type { Tx } from '../../core/database/transactions';
import { TokenVersions } from '../../core/auth/token-versions';
import { SocketPush } from '../../core/realtime/socket-push';
import { accessKeyOf, verifyAccessToken, type AccessClaims } from '../../core/auth/access-token';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { REDIS } from '../../core/redis/redis.provider';
import type { RefreshToken } from './entities/refresh-token.entity';
import type { User } from './entities/user.entity';
import { SessionsRepository } from './sessions.repository';

export type { AccessClaims };

const REFRESH_FORMAT =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const invalidRefresh = () => new AppError('INVALID_REFRESH_TOKEN');

/**
 * A refresh token presented again this soon after its rotation answers the pair it produced (contract §11): a tab
 * reloaded while its refresh was in flight. Later, reuse revokes the family.
 */
export const ROTATION_GRACE_SECONDS = 30;

/**
 * The pair a rotation produced, kept for the grace period sealed with a key only the spent token's secret gives:
 * what Redis holds opens nothing without the token itself. AES-256-GCM; iv, tag and text in base64url.
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

/**
 * Access tokens are HS256 JWTs (15 min) signed with a KeyObject (a string key costs ~40x per verify,
 * performance-notes.md). Refresh tokens are opaque `<id>.<secret>` strings, so neither can pass for the other.
 */
@Injectable()
export class TokenService {
  private readonly logger = new Logger(TokenService.name);
  readonly accessKey: KeyObject;

  constructor(
    config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly versions: TokenVersions,
    private readonly sockets: SocketPush,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.accessKey = accessKeyOf(config.jwtSecret);
  }

  verifyAccess(token: string): AccessClaims {
    return verifyAccessToken(token, this.accessKey);
  }

  /** A new pair: a new session from `userAgent`'s browser, or the next of a family (its expiry and browser kept). */
  async issue(
    user: Pick<User, 'id' | 'role' | 'tokenVersion'>,
    family?: { id: string; expiresAt: Date; userAgent: string | null },
    tx?: Tx,
    userAgent: string | null = null,
  ): Promise<TokenPair> {
    const familyId = family?.id ?? randomUUID();
    const claims = { sub: user.id, role: user.role, typ: 'access', ver: user.tokenVersion, sid: familyId };
    const access_token = jwt.sign(claims, this.accessKey, {
      algorithm: 'HS256',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    });
    const secret = randomBytes(32).toString('base64url');
    const row = await this.sessions.insert(
      {
        userId: user.id,
        familyId,
        secretHash: sha256(secret),
        userAgent: family ? family.userAgent : userAgent?.slice(0, 300) || null,
        expiresAt: family?.expiresAt ?? new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
        usedAt: null,
        revokedAt: null,
      },
      tx,
    );
    return { access_token, refresh_token: `${row.id}.${secret}` };
  }

  /**
   * Spends a refresh token and answers the next one of its family. The same token again within the grace period
   * answers the same next pair (a reloaded tab); later, a second use revokes the family.
   */
  async rotate(
    refreshToken: string,
    loadUser: (id: string) => Promise<User | null>,
  ): Promise<{ user: User; pair: TokenPair }> {
    const found = await this.find(refreshToken);
    if (!found || found.row.revokedAt || found.row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
    const { row, secret } = found;
    const user = await loadUser(row.userId);
    if (!user || user.disabled) throw invalidRefresh();
    // One rotation of a token at a time, under its row lock: a concurrent use waits for the first to commit, by
    // which time the pair it produced is kept for the grace period (no polling for it).
    const outcome = await this.sessions.rotating(row.id, async (tx, locked) => {
      if (!locked || locked.revokedAt) return 'invalid' as const;
      if (locked.usedAt) {
        const fresh = Date.now() - new Date(locked.usedAt).getTime() <= ROTATION_GRACE_SECONDS * 1000;
        const sealed = fresh ? await this.redis.get(`rotated:${row.id}`).catch(() => null) : null;
        return (sealed && unseal(sealed, secret)) || ('reused' as const);
      }
      await this.sessions.spend(tx, row.id);
      const pair = await this.issue(
        user,
        { id: row.familyId, expiresAt: row.expiresAt, userAgent: row.userAgent },
        tx,
      );
      await this.redis
        .set(`rotated:${row.id}`, seal(pair, secret), 'EX', ROTATION_GRACE_SECONDS)
        .catch((err: Error) => this.logger.warn(`rotation grace not kept (Redis): ${err.message}`));
      return pair;
    });
    // Reuse of a spent token past its grace: somebody else holds a copy. End the whole session.
    if (outcome === 'reused') await this.revokeFamily(row.familyId);
    if (typeof outcome === 'string') throw invalidRefresh();
    return { user, pair: outcome };
  }

  /** Ends the token's session; answers whose it was (null for an unknown token). */
  async revoke(refreshToken: string): Promise<string | null> {
    const found = await this.find(refreshToken);
    if (found) await this.revokeFamily(found.row.familyId);
    return found?.row.userId ?? null;
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

  private revokeFamily(familyId: string): Promise<void> {
    return this.sessions.revokeFamily(familyId);
  }

  private async find(refreshToken: string): Promise<{ row: RefreshToken; secret: string } | null> {
    const match = REFRESH_FORMAT.exec(refreshToken);
    if (!match) return null;
    const row = await this.sessions.byId(match[1]);
    return row && sameHash(row.secretHash, sha256(match[2])) ? { row, secret: match[2] } : null;
  }
}
