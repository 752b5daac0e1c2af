import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, Repository, type DeepPartial } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { EmailChange } from './entities/email-change.entity';
import { EmailCode } from './entities/email-code.entity';
import { PasswordReset } from './entities/password-reset.entity';

/**
 * What proves a mailbox: the e-mail verification code (one per user), the code of a pending e-mail change (one per
 * user, with its new address) and the password-reset links.
 */
@Injectable()
export class AccountCodesRepository {
  constructor(
    @InjectRepository(EmailCode) private readonly codes: Repository<EmailCode>,
    @InjectRepository(EmailChange) private readonly changes: Repository<EmailChange>,
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
  ) {}

  /** The user's new code: the previous one dies with it. */
  async replaceCode(fields: Pick<EmailCode, 'userId' | 'codeHash' | 'expiresAt'>): Promise<void> {
    await this.codes.upsert({ ...fields, failedAttempts: 0 }, ['userId']);
  }

  /** Takes one of the live code's attempts atomically, before it is compared; its hash, or null when none is left. */
  async tryCode(userId: string, maxTries: number): Promise<string | null> {
    const [rows] = (await this.codes.query(
      `UPDATE email_codes SET "failedAttempts" = "failedAttempts" + 1
        WHERE "userId" = $1 AND "failedAttempts" < $2 AND "expiresAt" > now()
        RETURNING "codeHash"`,
      [userId, maxTries],
    )) as [{ codeHash: string }[], number];
    return rows[0]?.codeHash ?? null;
  }

  /** Spends the code; false when a concurrent try spent it first. */
  async consumeCode(userId: string, codeHash: string): Promise<boolean> {
    const consumed = await this.codes.delete({ userId, codeHash });
    return Boolean(consumed.affected);
  }

  /** The user's pending e-mail change: a previous one dies with it. */
  async replaceEmailChange(fields: Pick<EmailChange, 'userId' | 'newEmail' | 'codeHash' | 'expiresAt'>) {
    await this.changes.upsert({ ...fields, failedAttempts: 0 }, ['userId']);
  }

  /** As tryCode, for the pending e-mail change: its hash and new address, or null when no try is left. */
  async tryEmailChange(
    userId: string,
    maxTries: number,
  ): Promise<Pick<EmailChange, 'codeHash' | 'newEmail'> | null> {
    const [rows] = (await this.changes.query(
      `UPDATE email_changes SET "failedAttempts" = "failedAttempts" + 1
        WHERE "userId" = $1 AND "failedAttempts" < $2 AND "expiresAt" > now()
        RETURNING "codeHash", "newEmail"`,
      [userId, maxTries],
    )) as [Pick<EmailChange, 'codeHash' | 'newEmail'>[], number];
    return rows[0] ?? null;
  }

  /** Spends the pending change in the transaction that applies it; false when a concurrent try spent it first. */
  async consumeEmailChange(tx: Tx, userId: string, codeHash: string): Promise<boolean> {
    const consumed = await tx.delete(EmailChange, { userId, codeHash });
    return Boolean(consumed.affected);
  }

  async insertReset(fields: DeepPartial<PasswordReset>): Promise<void> {
    await this.resets.insert(fields as never);
  }

  /** The unused, unexpired reset of this token hash, with its user. */
  liveReset(tokenHash: string): Promise<PasswordReset | null> {
    return this.resets.findOne({
      where: { tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      relations: { user: true },
    });
  }

  /** Spends the reset once; false when it was spent already. */
  async spendReset(tx: Tx, id: string): Promise<boolean> {
    const spent = await tx.update(PasswordReset, { id, usedAt: IsNull() }, { usedAt: new Date() });
    return Boolean(spent.affected);
  }
}
