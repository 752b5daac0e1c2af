import { Injectable } from '@nestjs/common';
import {
  SMS_COOLDOWN_SECONDS,
  type Language,
  type SessionResponse,
  type SmsCodeResponse,
  type SmsPurpose,
} from '@think-tank/contracts';
import { randomBytes } from 'node:crypto';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { isUniqueViolation } from '../../core/database/unique-violation';
import { AppError } from '../../core/errors/app-error';
import { LegalTexts } from '../../core/site/legal-texts.service';
import { addressKey, RateLimiter } from '../../core/redis/rate-limiter.service';
import { SmsService } from '../../core/sms/sms.service';
import { AuthMessage } from './auth.messages';
import { AuthService } from './auth.service';
import type { User } from './entities/user.entity';
import { mainlandMobile } from './phone-number';
import { SmsCodesRepository } from './sms-codes.repository';
import { sha256 } from './token.service';
import { UsersRepository } from './users.repository';

/** A code lives 5 minutes, and five wrong tries burn it (contract §12). */
const CODE_TTL_SECONDS = 300;
const CODE_TRIES = 5;
/** Sign-ins by code per client address in 15 minutes: each is a try at some number's code. */
const SIGN_INS_PER_ADDRESS = { max: 30, windowSeconds: 15 * 60 };

const codeHash = (phone: string, purpose: SmsPurpose, code: string) =>
  sha256(`sms:${purpose}:${phone}:${code}`);

/**
 * Phone numbers as accounts (contract §12): codes by SMS, within limits that defend against SMS pumping; signing in
 * (or up, with the terms accepted) by a code; binding a number to the signed-in account.
 */
@Injectable()
export class PhoneAuthService {
  constructor(
    private readonly codes: SmsCodesRepository,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly sms: SmsService,
    private readonly limiter: RateLimiter,
    private readonly transactions: Transactions,
    private readonly legal: LegalTexts,
    private readonly audit: AuditLog,
  ) {}

  /** A 6-digit code to the number for the purpose (SmsService's limits); the same answer for every number. */
  async sendCode(input: string, purpose: SmsPurpose, ip: string): Promise<SmsCodeResponse> {
    const phone = this.parse(input);
    await this.sms.sendCode(phone, ip, (code) =>
      this.codes.replace({
        phone,
        purpose,
        codeHash: codeHash(phone, purpose, code),
        expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
      }),
    );
    return { cooldownSeconds: SMS_COOLDOWN_SECONDS };
  }

  /**
   * Signs in by the code texted to the number; an unknown number becomes an account (a generated username, no
   * e-mail, no password) only with the terms accepted, else 400 TERMS_NOT_ACCEPTED and the code stays usable.
   */
  async login(
    input: { phone: string; code: string; acceptedTerms?: boolean },
    lang: Language,
    ip: string,
    device: string | null,
  ): Promise<SessionResponse> {
    const phone = this.parse(input.phone);
    await this.limiter.take({ key: `sms-login:${addressKey(ip)}`, ...SIGN_INS_PER_ADDRESS });
    const hash = await this.proven(phone, 'login', input.code);
    const known = await this.users.byPhone(phone);
    if (!known && input.acceptedTerms !== true) {
      await this.codes.untry(phone, 'login');
      throw new AppError('TERMS_NOT_ACCEPTED');
    }
    if (!(await this.codes.consume(phone, 'login', hash))) throw new AppError('INVALID_CODE');
    const user = known ?? (await this.signUp(phone, lang, ip));
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
    return this.auth.session(user, AuthMessage.loggedIn[lang], device);
  }

  /** Binds the number (a `bind` code) to the account, or moves it to a new one; 409 PHONE_TAKEN when it is another's. */
  async bind(userId: string, input: { phone: string; code: string }): Promise<{ phone: string }> {
    const phone = this.parse(input.phone);
    const hash = await this.proven(phone, 'bind', input.code);
    const holder = await this.users.byPhone(phone);
    if (holder && holder.id !== userId) throw new AppError('PHONE_TAKEN');
    if (!(await this.codes.consume(phone, 'bind', hash))) throw new AppError('INVALID_CODE');
    await this.transactions
      .run(async (tx) => {
        await this.users.update(userId, { phone }, tx);
        await this.audit.record(tx, {
          actorId: userId,
          action: 'account.phone_bound',
          targetType: 'user',
          targetId: userId,
        });
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? new AppError('PHONE_TAKEN') : e;
      });
    return { phone };
  }

  private parse(input: string): string {
    const phone = mainlandMobile(input);
    if (!phone) throw AppError.validation([{ field: 'phone', key: 'phoneNumberInvalid' }]);
    return phone;
  }

  /** The live code's hash when `code` is it (one of its tries taken first); 400 INVALID_CODE otherwise. */
  private async proven(phone: string, purpose: SmsPurpose, code: string): Promise<string> {
    const hash = await this.codes.try(phone, purpose, CODE_TRIES);
    if (!hash || hash !== codeHash(phone, purpose, code.trim())) throw new AppError('INVALID_CODE');
    return hash;
  }

  /** A new account for the number, with the terms accepted now; a concurrent sign-up of it wins and is answered. */
  private async signUp(phone: string, lang: Language, ip: string): Promise<User> {
    try {
      return await this.transactions.run(async (tx) => {
        const user = await this.users.insert(
          { username: `用户${randomBytes(5).toString('hex')}`, email: null, phone, language: lang },
          tx,
        );
        await this.users.accepted(user.id, this.legal.versions(), ip, tx);
        return user;
      });
    } catch (e) {
      const winner = isUniqueViolation(e) ? await this.users.byPhone(phone) : null;
      if (!winner) throw e;
      return winner;
    }
  }
}
