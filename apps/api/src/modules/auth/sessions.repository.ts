import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository, type DeepPartial } from 'typeorm';
import { Transactions, type Tx } from '../../core/database/transactions';
import { RefreshToken } from './entities/refresh-token.entity';
import { User } from './entities/user.entity';

/** A live session as the list of signed-in devices shows it. */
export interface SignedInSession {
  id: string;
  signedInAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
}

/** Signed-in sessions: refresh tokens in families (one per sign-in), and the user's token version that ends them. */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectRepository(RefreshToken) private readonly tokens: Repository<RefreshToken>,
    private readonly transactions: Transactions,
  ) {}

  insert(fields: DeepPartial<RefreshToken>, tx: Tx = this.tokens.manager): Promise<RefreshToken> {
    return tx.save(tx.create(RefreshToken, fields));
  }

  byId(id: string): Promise<RefreshToken | null> {
    return this.tokens.findOneBy({ id });
  }

  /**
   * Runs `rotate` under the token's row lock, with whether it was spent or revoked as it is now: a concurrent use
   * waits for the first to commit.
   */
  rotating<T>(
    id: string,
    rotate: (tx: Tx, locked: Pick<RefreshToken, 'usedAt' | 'revokedAt'> | undefined) => Promise<T>,
  ): Promise<T> {
    return this.transactions.run(async (tx) => {
      const [locked]: Pick<RefreshToken, 'usedAt' | 'revokedAt'>[] = await tx.query(
        `SELECT "usedAt", "revokedAt" FROM refresh_tokens WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return rotate(tx, locked);
    });
  }

  async spend(tx: Tx, id: string): Promise<void> {
    await tx.update(RefreshToken, { id }, { usedAt: new Date() });
  }

  /**
   * The user's live sessions (families neither revoked nor expired), the last used first: when each signed in,
   * when it last refreshed, and its browser.
   */
  live(userId: string): Promise<SignedInSession[]> {
    return this.tokens.query(
      `SELECT "familyId" AS id, min("createdAt") AS "signedInAt", max("createdAt") AS "lastUsedAt",
              (array_agg("userAgent" ORDER BY "createdAt"))[1] AS "userAgent"
         FROM refresh_tokens WHERE "userId" = $1
        GROUP BY "familyId"
       HAVING bool_and("revokedAt" IS NULL) AND max("expiresAt") > now()
        ORDER BY max("createdAt") DESC
        LIMIT 100`,
      [userId],
    );
  }

  /** Ends one of the user's sessions; false when it is not theirs or not live. */
  async endOne(userId: string, familyId: string): Promise<boolean> {
    const ended = await this.tokens.update(
      { userId, familyId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      { revokedAt: new Date() },
    );
    return Boolean(ended.affected);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllOf(tx: Tx, userId: string): Promise<void> {
    await tx.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Access tokens issued so far stop working (TokenVersions). */
  async raiseVersion(tx: Tx, userId: string): Promise<void> {
    await tx.increment(User, { id: userId }, 'tokenVersion', 1);
  }
}
