import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository, type DeepPartial } from 'typeorm';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { RefreshToken } from './entities/refresh-token.entity';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';

/** A live session as the list of signed-in devices shows it. */
export interface SignedInSession {
  id: string;
  signedInAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
}

/** A session as a rotation finds it under its row lock. */
export type LockedSession = Pick<Session, 'generation' | 'rotatedAt' | 'revokedAt' | 'expiresAt'>;

/**
 * Signed-in sessions, one row each (Session), and the user's token version that ends them all. The refresh tokens of
 * the release before (one row per token, in `refresh_tokens`) are read only to carry their sessions over.
 */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(RefreshToken) private readonly legacy: Repository<RefreshToken>,
    private readonly transactions: Transactions,
  ) {}

  insert(fields: DeepPartial<Session>, tx: Tx = this.sessions.manager): Promise<Session> {
    return tx.save(tx.create(Session, fields));
  }

  byId(id: string): Promise<Session | null> {
    return this.sessions.findOneBy({ id });
  }

  /** Runs `rotate` under the session's row lock, with the session as it is now: a concurrent use waits. */
  rotating<T>(id: string, rotate: (tx: Tx, locked: LockedSession | undefined) => Promise<T>): Promise<T> {
    return this.transactions.run(async (tx) => {
      const [locked]: LockedSession[] = await tx.query(
        `SELECT generation, "rotatedAt", "revokedAt", "expiresAt" FROM sessions WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return rotate(tx, locked);
    });
  }

  /** The next generation is the valid one; the session was used now. */
  async advance(tx: Tx, id: string, generation: number): Promise<void> {
    const now = new Date();
    await tx.update(Session, { id }, { generation, rotatedAt: now, lastUsedAt: now });
  }

  /** The user's live sessions, the last used first (one row each, whatever number of refreshes they made). */
  live(userId: string): Promise<SignedInSession[]> {
    return this.sessions.find({
      select: { id: true, signedInAt: true, lastUsedAt: true, userAgent: true },
      where: { userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { lastUsedAt: 'DESC' },
      take: 100,
    });
  }

  /** Ends one of the user's sessions; false when it is not theirs or not live. */
  async endOne(userId: string, id: string): Promise<boolean> {
    const ended = await this.sessions.update(
      { id, userId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      { revokedAt: new Date() },
    );
    return Boolean(ended.affected);
  }

  async revoke(id: string): Promise<void> {
    await this.sessions.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllOf(tx: Tx, userId: string): Promise<void> {
    await tx.update(Session, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await tx.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Access tokens issued so far stop working (TokenVersions). */
  async raiseVersion(tx: Tx, userId: string): Promise<void> {
    await tx.increment(User, { id: userId }, 'tokenVersion', 1);
  }

  /** A refresh token of the release before, by its id. */
  legacyToken(id: string): Promise<RefreshToken | null> {
    return this.legacy.findOneBy({ id });
  }

  /**
   * Carries a session of the release before over (its unspent token presented, spent here under its row lock):
   * the session's row at generation 0, for the caller to rotate. False when the token was spent or revoked meanwhile.
   */
  carryOver(token: RefreshToken): Promise<boolean> {
    return this.transactions.run(async (tx) => {
      const [spent]: { id: string }[] = await tx.query(
        `UPDATE refresh_tokens SET "usedAt" = now() WHERE id = $1 AND "usedAt" IS NULL AND "revokedAt" IS NULL
         RETURNING id`,
        [token.id],
      );
      if (!spent) return false;
      await tx.query(
        `INSERT INTO sessions (id, "userId", generation, "userAgent", "signedInAt", "lastUsedAt", "expiresAt")
         SELECT $1, $2, 0, $3, min("createdAt"), now(), $4 FROM refresh_tokens WHERE "familyId" = $1
         ON CONFLICT (id) DO NOTHING`,
        [token.familyId, token.userId, token.userAgent, token.expiresAt],
      );
      return true;
    });
  }

  /** A spent token of the release before came back: its session ends, in both forms. */
  async revokeLegacy(familyId: string): Promise<void> {
    await this.legacy.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.revoke(familyId);
  }
}
