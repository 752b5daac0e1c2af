import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@think-tank/contracts';
import { createHash, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { IsNull, Repository, type EntityManager } from 'typeorm';
import { TokenVersions } from '../../core/auth/token-versions';
import { SocketPush } from '../../core/realtime/socket-push';
import { accessKeyOf, verifyAccessToken, type AccessClaims } from '../../core/auth/access-token';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { RefreshToken } from './entities/refresh-token.entity';
import { User } from './entities/user.entity';

export type { AccessClaims };

const REFRESH_FORMAT =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const invalidRefresh = () => new AppError('INVALID_REFRESH_TOKEN');

/**
 * Access tokens are HS256 JWTs (15 min) signed with a KeyObject (a string key costs ~40x per verify,
 * performance-notes.md). Refresh tokens are opaque `<id>.<secret>` strings, so neither can pass for the other.
 */
@Injectable()
export class TokenService {
  readonly accessKey: KeyObject;

  constructor(
    config: AppConfig,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
    private readonly versions: TokenVersions,
    private readonly sockets: SocketPush,
  ) {
    this.accessKey = accessKeyOf(config.jwtSecret);
  }

  verifyAccess(token: string): AccessClaims {
    return verifyAccessToken(token, this.accessKey);
  }

  /** A new pair; a rotation keeps the family and its absolute expiry. */
  async issue(
    user: Pick<User, 'id' | 'role' | 'tokenVersion'>,
    family?: { id: string; expiresAt: Date },
  ): Promise<TokenPair> {
    const claims = { sub: user.id, role: user.role, typ: 'access', ver: user.tokenVersion };
    const access_token = jwt.sign(claims, this.accessKey, {
      algorithm: 'HS256',
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    });
    const secret = randomBytes(32).toString('base64url');
    const row = await this.refreshTokens.save(
      this.refreshTokens.create({
        userId: user.id,
        familyId: family?.id ?? randomUUID(),
        secretHash: sha256(secret),
        expiresAt: family?.expiresAt ?? new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
        usedAt: null,
        revokedAt: null,
      }),
    );
    return { access_token, refresh_token: `${row.id}.${secret}` };
  }

  /** Spends a refresh token and answers the next one of its family; a second use revokes the family. */
  async rotate(
    refreshToken: string,
    loadUser: (id: string) => Promise<User | null>,
  ): Promise<{ user: User; pair: TokenPair }> {
    const row = await this.find(refreshToken);
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
    const spent = await this.refreshTokens.update(
      { id: row.id, usedAt: IsNull(), revokedAt: IsNull() },
      { usedAt: new Date() },
    );
    if (!spent.affected) {
      // Reuse of a spent token: somebody else holds a copy. End the whole session.
      await this.revokeFamily(row.familyId);
      throw invalidRefresh();
    }
    const user = await loadUser(row.userId);
    if (!user || user.disabled) throw invalidRefresh();
    return { user, pair: await this.issue(user, { id: row.familyId, expiresAt: row.expiresAt }) };
  }

  /** Ends the token's session; answers whose it was (null for an unknown token). */
  async revoke(refreshToken: string): Promise<string | null> {
    const row = await this.find(refreshToken);
    if (row) await this.revokeFamily(row.familyId);
    return row?.userId ?? null;
  }

  /**
   * Ends every session of the user in the caller's transaction: refresh tokens revoked, and the token version
   * raised so that access tokens stop working within seconds on every replica (TokenVersions). After the commit,
   * call `sessionsEnded`.
   */
  async endAllSessions(tx: EntityManager, userId: string): Promise<void> {
    await tx.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.raiseVersion(tx, userId);
  }

  /** Access tokens issued so far stop working (a role change: the next refresh carries the new role). */
  async raiseVersion(tx: EntityManager, userId: string): Promise<void> {
    await tx.increment(User, { id: userId }, 'tokenVersion', 1);
  }

  /** Once the change is committed: this process forgets the old version, and the user's sockets close. */
  sessionsEnded(userId: string): void {
    this.versions.forget(userId);
    this.sockets.disconnectUser(userId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  private async find(refreshToken: string): Promise<RefreshToken | null> {
    const match = REFRESH_FORMAT.exec(refreshToken);
    if (!match) return null;
    const row = await this.refreshTokens.findOneBy({ id: match[1] });
    return row && sameHash(row.secretHash, sha256(match[2])) ? row : null;
  }
}
