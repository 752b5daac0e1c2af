import { Injectable } from '@nestjs/common';
import {
  WebRoute,
  type ChangePasswordRequest,
  type Language,
  type SessionResponse,
} from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { AppConfig } from '../../core/config/app-config';
import { Transactions } from '../../core/database/transactions';
import { AppError } from '../../core/errors/app-error';
import { MailService } from '../../core/mail/mail.service';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { AccountExportRepository } from './account-export.repository';
import { dataExportedMail, passwordChangedMail } from './account.mails';
import { AuthMessage } from './auth.messages';
import { AuthService } from './auth.service';
import type { User } from './entities/user.entity';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';
import { UsersRepository } from './users.repository';

/** Tries at the current password per account: a stolen session cannot guess it. */
const PASSWORD_CHANGES = { max: 5, windowSeconds: 15 * 60 };
/** Exports per account an hour: each reads every table the account has rows in. */
const EXPORTS = { max: 3, windowSeconds: 3600 };

/** What signed-in users do to their own account (contract §11 "Accounts and library"); each audited and mailed. */
@Injectable()
export class AccountService {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly transactions: Transactions,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
    private readonly mail: MailService,
    private readonly config: AppConfig,
    private readonly exports: AccountExportRepository,
  ) {}

  /**
   * A new password, proven with the current one: every session ends (the other devices', and this one's tokens),
   * and this device gets a new session, so that only it stays signed in.
   */
  async changePassword(userId: string, dto: ChangePasswordRequest, lang: Language): Promise<SessionResponse> {
    await this.limiter.take({ key: `password-change:${userId}`, ...PASSWORD_CHANGES });
    const user = await this.enabled(userId);
    if (!(await this.passwords.verify(user.passwordHash, dto.currentPassword)))
      throw new AppError('WRONG_PASSWORD');
    const passwordHash = await this.passwords.hash(dto.newPassword);
    await this.transactions.run(async (tx) => {
      await this.users.update(userId, { passwordHash }, tx);
      await this.tokens.endAllSessions(tx, userId);
      await this.audit.record(tx, {
        actorId: userId,
        action: 'account.password_changed',
        targetType: 'user',
        targetId: userId,
      });
    });
    this.tokens.sessionsEnded(userId);
    await this.mail.send(
      passwordChangedMail(user.email, user.username, `${this.config.publicUrl}${WebRoute.forgotPassword}`),
    );
    // Read again: the new session's tokens carry the version the change just raised.
    return this.auth.session((await this.auth.findUser(userId))!, AuthMessage.passwordChanged[lang]);
  }

  /** A copy of everything held about the user, as a JSON file (PIPL's right to a copy). */
  async exportData(userId: string): Promise<{ fileName: string; body: string }> {
    await this.limiter.take({ key: `data-export:${userId}`, ...EXPORTS });
    const user = await this.enabled(userId);
    const data = await this.exports.of(userId);
    await this.transactions.run((tx) =>
      this.audit.record(tx, {
        actorId: userId,
        action: 'account.exported',
        targetType: 'user',
        targetId: userId,
      }),
    );
    await this.mail.send(dataExportedMail(user.email, user.username));
    const day = new Date().toISOString().slice(0, 10);
    return {
      fileName: `think-tank-${user.username}-${day}.json`,
      body: JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2),
    };
  }

  /** The account, unless it is gone or disabled since its token was issued. */
  private async enabled(userId: string): Promise<User> {
    const user = await this.auth.findUser(userId);
    if (!user || user.disabled) throw new AppError('UNAUTHORIZED');
    return user;
  }
}
