import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_TRIES,
  EMAIL_CODE_TTL_SECONDS,
  RESEND_SPACING_SECONDS,
  RESET_TOKEN_TTL_SECONDS,
  JobName,
  QueueName,
  Role,
  type AcceptTermsRequest,
  type AccountMailJob,
  type Language,
  type MeResponse,
  type MessageResponse,
  type SessionResponse,
} from '@think-tank/contracts';
import { randomBytes, randomInt } from 'node:crypto';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { isUniqueViolation } from '../../core/database/unique-violation';
import { MailService, type Mail } from '../../core/mail/mail.service';
import { RateLimiter, type Limit } from '../../core/redis/rate-limiter.service';
import { AuthMessage } from './auth.messages';
import { passwordResetMail, verificationCodeMail } from './auth.mails';
import type {
  EmailDto,
  LoginDto,
  RegisterDto,
  ResetPasswordDto,
  VerifyEmailDto,
} from './dto/auth-request.dto';
import { toMe, toSessionUser } from './dto/auth-response.dto';
import { LegalTexts } from '../../core/site/legal-texts.service';
import { AccountCodesRepository } from './account-codes.repository';
import type { User } from './entities/user.entity';
import { UsersRepository } from './users.repository';
import { SubscriptionsService } from '../billing';
import { PaywallService } from '../paywall';
import { Messages, NotificationsService } from '../notifications';
import { PasswordService } from './password.service';
import { sha256, TokenService } from './token.service';

const FIFTEEN_MINUTES = 15 * 60;
/** Refreshes one session may make a minute (contract §12): a tab refreshes every 15 minutes. */
const REFRESHES = { max: 30, windowSeconds: 60 };
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);
const emailKey = (email: string) => email.trim().toLowerCase();

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: AccountCodesRepository,
    private readonly transactions: Transactions,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly mail: MailService,
    @InjectQueue(QueueName.mail) private readonly mailQueue: Queue<AccountMailJob>,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsService,
    private readonly paywall: PaywallService,
    private readonly notifications: NotificationsService,
    private readonly legal: LegalTexts,
  ) {}

  findUser(id: string): Promise<User | null> {
    return this.users.byId(id);
  }

  /** The user's role as it is now; undefined for an unknown or disabled account. What other modules may ask. */
  async roleOf(id: string): Promise<Role | undefined> {
    const user = await this.users.roleOf(id);
    return user && !user.disabled ? user.role : undefined;
  }

  /** Takes one start-up from a VIP's quota, atomically; false when the user is not VIP or has none left. */
  spendVipStartup(tx: Tx, userId: string): Promise<boolean> {
    return this.users.spendVipStartup(tx, userId);
  }

  async register(dto: RegisterDto, lang: Language, ip: string): Promise<MessageResponse> {
    await this.limiter.take({ key: `register:ip:${ip}`, max: 100, windowSeconds: 3600 });
    if (await this.users.usernameTaken(dto.username)) throw new AppError('USERNAME_TAKEN');
    if (await this.users.emailTaken(dto.email)) throw new AppError('EMAIL_TAKEN');
    const passwordHash = await this.passwords.hash(dto.password);
    const user = await this.transactions
      .run(async (tx) => {
        const created = await this.users.insert(
          { username: dto.username, email: dto.email, passwordHash, language: lang },
          tx,
        );
        if (dto.acceptedTerms) await this.users.accepted(created.id, this.legal.versions(), ip, tx);
        return created;
      })
      .catch((e: { detail?: string }) => {
        // A concurrent registration won the race between the check and the insert.
        if (isUniqueViolation(e))
          throw new AppError(e.detail?.includes('(username)') ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN');
        throw e;
      });
    // The address was free, so queueing its mail here tells nothing the 409 would not.
    await this.mail.send(await this.newEmailCode(user));
    return { message: AuthMessage.registered[lang] };
  }

  async verifyEmail(
    dto: VerifyEmailDto,
    lang: Language,
    device: string | null = null,
  ): Promise<SessionResponse> {
    const invalid = new AppError('INVALID_CODE');
    const user = await this.users.byEmail(dto.email);
    if (!user) throw invalid;
    // Each try takes one of the code's five attempts atomically, before it is compared.
    const live = await this.codes.tryCode(user.id, EMAIL_CODE_MAX_TRIES);
    if (!live || live !== codeHash(user.id, dto.code)) throw invalid;
    if (!(await this.codes.consumeCode(user.id, live))) throw invalid;
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
    if (!user.emailVerifiedAt) {
      user.emailVerifiedAt = new Date();
      await this.users.update(user.id, { emailVerifiedAt: user.emailVerifiedAt });
      await this.notifications.send([user.id], Messages.welcome(user.username));
    }
    return this.session(user, AuthMessage.verified[lang], device);
  }

  async resendVerification(dto: EmailDto, lang: Language, ip: string): Promise<MessageResponse> {
    await this.limiter.take({ key: `resend:ip:${ip}`, max: 20, windowSeconds: FIFTEEN_MINUTES });
    if (!(await this.limiter.takeSlot(`resend:${emailKey(dto.email)}`, RESEND_SPACING_SECONDS)))
      throw AppError.tooManyRequests(RESEND_SPACING_SECONDS);
    await this.queueAccountMail({ kind: 'verification-code', email: emailKey(dto.email) });
    return { message: AuthMessage.codeResent[lang] };
  }

  async login(
    dto: LoginDto,
    lang: Language,
    ip: string,
    device: string | null = null,
  ): Promise<SessionResponse> {
    const user = await this.users.byLogin(dto.username);
    const limits: Limit[] = [
      {
        key: `login:account:${user?.id ?? dto.username.toLowerCase()}`,
        max: 10,
        windowSeconds: FIFTEEN_MINUTES,
      },
      { key: `login:ip:${ip}`, max: 30, windowSeconds: FIFTEEN_MINUTES },
    ];
    // Taken before the password is evaluated, so a burst cannot evaluate more than the limit; a success gives it back.
    await this.limiter.take(...limits);
    if (!(await this.passwords.verify(user?.passwordHash, dto.password)) || !user)
      throw new AppError('INVALID_CREDENTIALS');
    await this.limiter.giveBack(...limits);
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
    // A number proven by SMS is proof enough; an address is asked to be verified before it signs in.
    if (!user.emailVerifiedAt && !user.phone) throw new AppError('EMAIL_NOT_VERIFIED', { email: user.email });
    // Their mails are written in the language they last signed in with.
    if (user.language !== lang) await this.users.update(user.id, { language: lang });
    return this.session(user, AuthMessage.loggedIn[lang], device);
  }

  async refresh(refreshToken: string, lang: Language): Promise<SessionResponse> {
    // Each rotation is a transaction: one session looping on it must not spend what others share (contract §12).
    const session = this.tokens.sessionOf(refreshToken);
    if (session) await this.limiter.take({ key: `refresh:${session}`, ...REFRESHES });
    const { user, pair } = await this.tokens.rotate(refreshToken, (id) => this.findUser(id));
    return { ...pair, user: toSessionUser(user), message: AuthMessage.refreshed[lang] };
  }

  /**
   * Ends the session: its refresh token, and its access token within seconds on every replica (TokenVersions' ended
   * sessions; at once here); the user's sockets close, an open one must not outlive a logout.
   */
  async logout(refreshToken: string): Promise<void> {
    const userId = await this.tokens.revoke(refreshToken);
    if (userId) this.tokens.sessionsEnded(userId);
  }

  /** Log out everywhere: every session of the user ends, its access tokens within seconds, its sockets now. */
  async logoutEverywhere(userId: string): Promise<void> {
    await this.transactions.run((tx) => this.tokens.endAllSessions(tx, userId));
    this.tokens.sessionsEnded(userId);
  }

  async me(userId: string): Promise<MeResponse> {
    const user = await this.findUser(userId);
    if (!user || user.disabled) throw new AppError('UNAUTHORIZED');
    const access = await this.subscriptions.access(user);
    const vip = await this.subscriptions.isVip(user);
    // Staff, VIPs and plans without a limit read without one; a free reader has no views to count.
    const staff = user.role === Role.Admin || user.role === Role.Support;
    const limited = access.paid && !vip && access.dailyViewLimit !== null && !staff;
    const views = limited ? await this.paywall.dailyViews(user.id, access) : null;
    // Staff accounts are provisioned by the company, not signed up for: the customer terms are not theirs to accept.
    const termsToAccept = !staff && !this.legal.accepted(user);
    const allowances = {
      dailyViewLimit: views?.limit ?? null,
      dailyViewsLeft: views?.left ?? null,
      vipStartupsLeft: vip
        ? (user.role === Role.Vip ? user.vipStartupQuota : 0) +
          (await this.subscriptions.vipStartupsLeft(user.id))
        : null,
    };
    return toMe(user, access.paid, vip, termsToAccept, allowances, await this.users.providersOf(user.id));
  }

  async forgotPassword(dto: EmailDto, lang: Language, ip: string): Promise<MessageResponse> {
    await this.limiter.take({ key: `forgot:ip:${ip}`, max: 20, windowSeconds: FIFTEEN_MINUTES });
    if (!(await this.limiter.takeSlot(`forgot:${emailKey(dto.email)}`, RESEND_SPACING_SECONDS)))
      throw AppError.tooManyRequests(RESEND_SPACING_SECONDS);
    await this.queueAccountMail({ kind: 'password-reset', email: emailKey(dto.email) });
    return { message: AuthMessage.resetSent[lang] };
  }

  /**
   * The request's half of resend and forgot-password: the same queue entry whether or not the address has an
   * account, so neither the answer nor its time tells. The worker does the rest (`sendAccountMail`).
   */
  private async queueAccountMail(job: AccountMailJob): Promise<void> {
    await this.mailQueue.add(JobName.accountMail, job);
  }

  /** The worker's half: a new code for an unverified account, or a reset link for an enabled one; else nothing. */
  async sendAccountMail({ kind, email }: AccountMailJob): Promise<void> {
    const user = await this.users.byEmail(email);
    if (!user || user.disabled) return;
    if (kind === 'verification-code') {
      if (!user.emailVerifiedAt) await this.mail.deliver(await this.newEmailCode(user));
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await this.codes.insertReset({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
      usedAt: null,
    });
    const link = `${this.config.publicUrl}/reset-password?${new URLSearchParams({ token, email: user.email! })}`;
    await this.mail.deliver(passwordResetMail(user.email!, user.username, link));
  }

  async resetPassword(dto: ResetPasswordDto, lang: Language): Promise<MessageResponse> {
    const invalid = new AppError('INVALID_RESET_TOKEN');
    const reset = await this.codes.liveReset(sha256(dto.token));
    if (!reset?.user || reset.user.email?.toLowerCase() !== emailKey(dto.email) || reset.user.disabled)
      throw invalid;
    const passwordHash = await this.passwords.hash(dto.newPassword);
    await this.transactions.run(async (tx) => {
      if (!(await this.codes.spendReset(tx, reset.id))) throw invalid;
      // Following the mailed link proves the address, so an unverified account becomes verified.
      await this.users.update(
        reset.userId,
        { passwordHash, emailVerifiedAt: reset.user!.emailVerifiedAt ?? new Date() },
        tx,
      );
      await this.tokens.endAllSessions(tx, reset.userId);
    });
    this.tokens.sessionsEnded(reset.userId);
    return { message: AuthMessage.passwordReset[lang] };
  }

  /**
   * Records that the user accepted the terms and the privacy policy in force, as the versions they name: 409 when
   * either changed since they read it (they are shown the new one).
   */
  async acceptTerms(userId: string, dto: AcceptTermsRequest, ip: string): Promise<void> {
    const now = this.legal.versions();
    if (dto.termsVersion !== now.terms || dto.privacyVersion !== now.privacy) throw new AppError('CONFLICT');
    await this.transactions.run((tx) => this.users.accepted(userId, now, ip, tx));
  }

  /** A fresh session for a user who proved who they are, on the device (User-Agent) that asked. */
  async session(user: User, message: string, device: string | null = null): Promise<SessionResponse> {
    return {
      ...(await this.tokens.issue(user, undefined, device)),
      user: toSessionUser(user),
      message,
    };
  }

  /** A new code for the user (the previous one dies), as the mail that carries it. */
  private async newEmailCode(user: User): Promise<Mail> {
    const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    await this.codes.replaceCode({
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_SECONDS * 1000),
    });
    return verificationCodeMail(user.email!, user.username, code);
  }
}
