import { Inject, Injectable } from '@nestjs/common';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_TTL_SECONDS,
  isStaff,
  WebRoute,
  type ChangePasswordRequest,
  type ConfirmationPurpose,
  type DeleteAccountRequest,
  type DeviceSession,
  type EmailChangeRequest,
  type EmailChangeVerifyRequest,
  type Language,
  type MessageResponse,
  type SessionResponse,
} from '@think-tank/contracts';
import { randomInt } from 'node:crypto';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { AppConfig } from '../../core/config/app-config';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { MailService } from '../../core/mail/mail.service';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { REDIS } from '../../core/redis/redis.provider';
import { SmsService } from '../../core/sms/sms.service';
import type Redis from 'ioredis';
import type { AuthUser } from '../../core/auth/auth-user';
import { isUniqueViolation } from '../../core/database/unique-violation';
import { isUuid } from '../../core/http/id.pipe';
import { AccountCodesRepository } from './account-codes.repository';
import { AccountErasureRepository } from './account-erasure.repository';
import { AccountExportRepository } from './account-export.repository';
import { accountDeletedMail, dataExportedMail, emailChangedMail, passwordChangedMail } from './account.mails';
import { verificationCodeMail } from './auth.mails';
import { AuthMessage } from './auth.messages';
import { AuthService } from './auth.service';
import type { User } from './entities/user.entity';
import { PasswordService } from './password.service';
import { SessionsRepository } from './sessions.repository';
import { sha256, TokenService } from './token.service';
import { UsersRepository } from './users.repository';

/** Tries at the current password per account: a stolen session cannot guess it. */
const PASSWORD_CHANGES = { max: 5, windowSeconds: 15 * 60 };
/** Exports per account an hour: each reads every table the account has rows in. */
const EXPORTS = { max: 3, windowSeconds: 3600 };
/** E-mail change requests per account (each a password check and a mail to an address of the caller's choice). */
const EMAIL_CHANGES = { max: 5, windowSeconds: 15 * 60 };
/** Codes mailed to one address by e-mail changes, whoever asks (contract §12). */
const CHANGE_MAILS_SPACING = { max: 1, windowSeconds: 60 };
const CHANGE_MAILS_A_DAY = { max: 5, windowSeconds: 24 * 3600 };
/** Wrong e-mail-change codes an account may try a day, across all its changes (each change allows 5). */
const CODE_TRIES_A_DAY = { max: 10, windowSeconds: 24 * 3600 };
/** Devices signed out a minute: a list has few, and each ends sockets. */
const DEVICE_SIGN_OUTS = { max: 20, windowSeconds: 60 };
/** Tries at deleting, as at changing the password (a code's five tries included). */
const DELETIONS = { max: 5, windowSeconds: 15 * 60 };
/** Confirmation codes an account may ask for an hour: each is a text or a mail. */
const CONFIRMATION_CODES = { max: 3, windowSeconds: 3600 };
const confirmationKey = (userId: string, purpose: ConfirmationPurpose) =>
  `confirmation-code:${purpose}:${userId}`;
const confirmationHash = (userId: string, purpose: ConfirmationPurpose, code: string) =>
  sha256(`confirmation:${purpose}:${userId}:${code.trim()}`);

/** An e-mail change's code, bound to the account and to its purpose (a verification code never passes for one). */
const changeCodeHash = (userId: string, code: string) => sha256(`email-change:${userId}:${code}`);

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
    private readonly codes: AccountCodesRepository,
    private readonly erasure: AccountErasureRepository,
    private readonly sessions: SessionsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly sms: SmsService,
  ) {}

  /**
   * A new password, proven with the current one: every session ends (the other devices', and this one's tokens),
   * and this device gets a new session, so that only it stays signed in.
   */
  async changePassword(
    userId: string,
    dto: ChangePasswordRequest,
    lang: Language,
    device: string | null = null,
  ): Promise<SessionResponse> {
    await this.limiter.take({ key: `password-change:${userId}`, ...PASSWORD_CHANGES });
    const user = await this.enabled(userId);
    // A first password is confirmed by a code to the account's phone or address; a new one by the current one.
    if (user.passwordHash) {
      if (!(await this.passwords.verify(user.passwordHash, dto.currentPassword ?? '')))
        throw new AppError('WRONG_PASSWORD');
    } else if (!(await this.confirmed(userId, 'set-password', dto.code))) throw new AppError('INVALID_CODE');
    const passwordHash = await this.passwords.hash(dto.newPassword);
    await this.transactions.run(async (tx) => {
      await this.users.update(userId, { passwordHash }, tx);
      await this.tokens.endAllSessions(tx, userId);
      await this.ownAction(tx, userId, 'account.password_changed');
    });
    this.tokens.sessionsEnded(userId);
    await this.mail.send(
      passwordChangedMail(user.email, user.username, `${this.config.publicUrl}${WebRoute.forgotPassword}`),
    );
    // Read again: the new session's tokens carry the version the change just raised.
    return this.auth.session((await this.auth.findUser(userId))!, AuthMessage.passwordChanged[lang], device);
  }

  /** A copy of everything held about the user, as a JSON file (PIPL's right to a copy). */
  async exportData(userId: string): Promise<{ fileName: string; body: string }> {
    await this.limiter.take({ key: `data-export:${userId}`, ...EXPORTS });
    const user = await this.enabled(userId);
    const data = await this.exports.of(userId);
    await this.transactions.run((tx) => this.ownAction(tx, userId, 'account.exported'));
    await this.mail.send(dataExportedMail(user.email, user.username));
    const day = new Date().toISOString().slice(0, 10);
    return {
      fileName: `think-tank-${user.username}-${day}.json`,
      body: JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2),
    };
  }

  /**
   * Asks to move the account to a new address, proven with the password: a code goes to the new address (which
   * must be free), and nothing changes until it comes back. A new request replaces the pending one.
   */
  async requestEmailChange(
    userId: string,
    dto: EmailChangeRequest,
    lang: Language,
  ): Promise<MessageResponse> {
    await this.limiter.take({ key: `email-change:${userId}`, ...EMAIL_CHANGES });
    const user = await this.enabled(userId);
    if (!user.passwordHash || !(await this.passwords.verify(user.passwordHash, dto.password)))
      throw new AppError('WRONG_PASSWORD');
    const newEmail = dto.newEmail.toLowerCase();
    if (newEmail === user.email?.toLowerCase() || (await this.users.byEmail(newEmail)))
      throw new AppError('EMAIL_TAKEN');
    // Whoever asks, one address gets a code once a minute and five times a day (contract §12): no account, nor
    // many of them, can mail-bomb it or take turns guessing its codes.
    await this.limiter.take(
      { key: `email-change-to:${newEmail}`, ...CHANGE_MAILS_SPACING },
      { key: `email-change-to-day:${newEmail}`, ...CHANGE_MAILS_A_DAY },
    );
    const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    await this.codes.replaceEmailChange({
      userId,
      newEmail,
      codeHash: changeCodeHash(userId, code),
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_SECONDS * 1000),
    });
    await this.mail.send(verificationCodeMail(newEmail, user.username, code));
    return { message: AuthMessage.emailChangeCodeSent[lang] };
  }

  /**
   * Moves the account to the pending new address with the code mailed there (five tries, each taken before it is
   * compared), and tells the old address. 409 EMAIL_TAKEN when someone registered the address meanwhile.
   */
  async confirmEmailChange(
    userId: string,
    dto: EmailChangeVerifyRequest,
    lang: Language,
  ): Promise<MessageResponse> {
    const user = await this.enabled(userId);
    // Every try counts against the day's, taken before the code is compared; a right one is given back.
    const tries = { key: `email-change-tries:${userId}`, ...CODE_TRIES_A_DAY };
    await this.limiter.take(tries);
    const pending = await this.codes.tryEmailChange(userId, EMAIL_CODE_MAX_TRIES);
    if (!pending || pending.codeHash !== changeCodeHash(userId, dto.code.trim()))
      throw new AppError('INVALID_CODE');
    await this.limiter.giveBack(tries);
    await this.transactions
      .run(async (tx) => {
        if (!(await this.codes.consumeEmailChange(tx, userId, pending.codeHash)))
          throw new AppError('INVALID_CODE');
        await this.users.update(userId, { email: pending.newEmail, emailVerifiedAt: new Date() }, tx);
        await this.ownAction(tx, userId, 'account.email_changed');
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? new AppError('EMAIL_TAKEN') : e;
      });
    await this.mail.send(emailChangedMail(user.email, user.username, pending.newEmail));
    return { message: AuthMessage.emailChanged[lang] };
  }

  /**
   * For an account without a password (made by a phone number or a provider): a code to its phone, else its address,
   * that confirms what a password would (contract §12): deleting it, or giving it a first password. 10 minutes,
   * bound to the purpose. 409 for an account with a password, which confirms with that.
   */
  async sendConfirmationCode(
    userId: string,
    purpose: ConfirmationPurpose,
    lang: Language,
    ip: string,
  ): Promise<MessageResponse> {
    await this.limiter.take({ key: `confirmation-code:${userId}`, ...CONFIRMATION_CODES });
    const user = await this.enabled(userId);
    if (user.passwordHash || !(user.phone || user.email)) throw new AppError('CONFLICT');
    const keep = async (code: string) => {
      await this.redis.set(
        confirmationKey(userId, purpose),
        confirmationHash(userId, purpose, code),
        'EX',
        EMAIL_CODE_TTL_SECONDS,
      );
    };
    if (user.phone) await this.sms.sendCode(user.phone, ip, keep);
    else {
      const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
      await keep(code);
      await this.mail.send(verificationCodeMail(user.email, user.username, code));
    }
    return { message: AuthMessage[user.phone ? 'confirmationCodeTexted' : 'confirmationCodeMailed'][lang] };
  }

  /** Whether `code` is the live confirmation code for the purpose (the caller limits the tries). */
  private async confirmed(
    userId: string,
    purpose: ConfirmationPurpose,
    code: string | undefined,
  ): Promise<boolean> {
    const kept = code ? await this.redis.get(confirmationKey(userId, purpose)) : null;
    return kept !== null && kept === confirmationHash(userId, purpose, code!);
  }

  /**
   * Deletes the account, confirmed with its password (or, for an account without one, the code mailed to it):
   * every session ends, personal data is erased and the row anonymised (AccountErasureRepository). Refused while
   * money is on its way (409 ACCOUNT_HAS_OPEN_PAYMENTS); staff accounts are removed by an admin (403).
   */
  async deleteAccount(userId: string, dto: DeleteAccountRequest): Promise<void> {
    await this.limiter.take({ key: `account-delete:${userId}`, ...DELETIONS });
    const user = await this.enabled(userId);
    const confirmed = user.passwordHash
      ? await this.passwords.verify(user.passwordHash, dto.password ?? '')
      : await this.confirmed(userId, 'delete-account', dto.code);
    if (!confirmed) throw new AppError(user.passwordHash || !dto.code ? 'WRONG_PASSWORD' : 'INVALID_CODE');
    if (isStaff(user.role)) throw new AppError('FORBIDDEN');
    await this.transactions.run(async (tx) => {
      if (await this.erasure.openPayments(tx, userId)) throw new AppError('ACCOUNT_HAS_OPEN_PAYMENTS');
      await this.tokens.endAllSessions(tx, userId);
      await this.erasure.erase(tx, userId);
      await this.ownAction(tx, userId, 'account.deleted');
    });
    await this.redis.del(confirmationKey(userId, 'delete-account')).catch(() => undefined);
    this.tokens.sessionsEnded(userId);
    await this.mail.send(accountDeletedMail(user.email, user.username));
  }

  /** The user's signed-in devices (live sessions), the last used first; `current` is the one asking. */
  async devices(user: AuthUser): Promise<DeviceSession[]> {
    return (await this.sessions.live(user.id)).map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      signedInAt: new Date(s.signedInAt).toISOString(),
      lastUsedAt: new Date(s.lastUsedAt).toISOString(),
      current: s.id === user.sessionId,
    }));
  }

  /**
   * Signs one device out: its session ends, and its access token within seconds on every replica (TokenVersions'
   * ended sessions); its sockets close. 404 for a session that is not the user's or not live.
   */
  async signOutDevice(userId: string, sessionId: string): Promise<void> {
    await this.limiter.take({ key: `device-sign-out:${userId}`, ...DEVICE_SIGN_OUTS });
    if (!isUuid(sessionId) || !(await this.sessions.endOne(userId, sessionId)))
      throw new AppError('NOT_FOUND');
    await this.transactions.run((tx) => this.ownAction(tx, userId, 'account.device_signed_out'));
    this.tokens.sessionsEnded(userId);
  }

  /** Audits what the user did to their own account. */
  private ownAction(tx: Tx, userId: string, action: string): Promise<void> {
    return this.audit.record(tx, { actorId: userId, action, targetType: 'user', targetId: userId });
  }

  /** The account, unless it is gone or disabled since its token was issued. */
  private async enabled(userId: string): Promise<User> {
    const user = await this.auth.findUser(userId);
    if (!user || user.disabled) throw new AppError('UNAUTHORIZED');
    return user;
  }
}
