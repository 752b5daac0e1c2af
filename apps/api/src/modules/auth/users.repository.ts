import { containing } from '../../core/database/like';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role, type IdentityProvider } from '@think-tank/contracts';
import { randomBytes } from 'node:crypto';
import { In, Repository, type DeepPartial } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { updateReturning } from '../../core/database/update-returning';
import { Identity } from './entities/identity.entity';
import { Consent } from './entities/consent.entity';
import { mainlandMobile } from './phone-number';
import { User } from './entities/user.entity';

/** Accounts and the provider identities (Google, GitHub) linked to them. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  byId(id: string, tx: Tx = this.users.manager): Promise<User | null> {
    return tx.findOneBy(User, { id });
  }

  /** The user, locked until the caller's transaction ends. */
  locked(tx: Tx, id: string): Promise<User | null> {
    return tx.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  byEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  /** By e-mail when the login holds an @, by the bound number when it is a mainland mobile, else by username. */
  byLogin(login: string): Promise<User | null> {
    const phone = mainlandMobile(login);
    if (phone) return this.users.findOneBy({ phone });
    return this.users.findOneBy(login.includes('@') ? { email: login } : { username: login });
  }

  byPhone(phone: string): Promise<User | null> {
    return this.users.findOneBy({ phone });
  }

  /** The providers the account signs in through (`identities` of /me). */
  async providersOf(userId: string, tx: Tx = this.users.manager): Promise<string[]> {
    const rows: { provider: string }[] = await tx.query(
      `SELECT DISTINCT provider FROM identities WHERE "userId" = $1 ORDER BY provider`,
      [userId],
    );
    return rows.map((r) => r.provider);
  }

  async roleOf(id: string): Promise<Pick<User, 'role' | 'disabled'> | null> {
    return this.users.findOne({ where: { id }, select: { role: true, disabled: true } });
  }

  /** The wanted username, or it with a random suffix when taken (for accounts a provider or WeChat opens). */
  async freeUsername(wanted: string): Promise<string> {
    const base = [...wanted.replace(/[\s@\p{C}]+/gu, '')].slice(0, 24).join('') || 'user';
    for (let candidate = base; ; candidate = `${base}-${randomBytes(3).toString('hex')}`) {
      if (!(await this.usernameTaken(candidate))) return candidate;
    }
  }

  usernameTaken(username: string): Promise<boolean> {
    return this.users.existsBy({ username });
  }

  emailTaken(email: string): Promise<boolean> {
    return this.users.existsBy({ email });
  }

  /** A new account; a taken username or e-mail fails with a unique violation naming its column. */
  async insert(fields: DeepPartial<User>, tx: Tx = this.users.manager): Promise<User> {
    const user = tx.create(User, fields);
    await tx.insert(User, user);
    return user;
  }

  /**
   * The user accepted these versions of the terms and the privacy policy now, from `address`: the latest on their
   * row, and every acceptance in the consent log (contract §12).
   */
  async accepted(
    userId: string,
    versions: { terms: string; privacy: string },
    address: string | null,
    tx: Tx = this.users.manager,
  ): Promise<void> {
    const acceptedAt = new Date();
    await tx.update(User, userId, {
      termsVersion: versions.terms,
      privacyVersion: versions.privacy,
      termsAcceptedAt: acceptedAt,
    });
    await tx.insert(Consent, {
      userId,
      termsVersion: versions.terms,
      privacyVersion: versions.privacy,
      acceptedAt,
      address: address?.slice(0, 45) ?? null,
    });
  }

  async update(id: string, fields: DeepPartial<User>, tx: Tx = this.users.manager): Promise<void> {
    await tx.update(User, id, fields as never);
  }

  save(tx: Tx, user: User): Promise<User> {
    return tx.save(user);
  }

  /** Takes one start-up from a VIP's own quota, atomically; false when the user is not VIP or has none left. */
  async spendVipStartup(tx: Tx, userId: string): Promise<boolean> {
    const rows = await updateReturning(
      tx,
      `UPDATE users SET "vipStartupQuota" = "vipStartupQuota" - 1, "updatedAt" = now()
        WHERE id = $1 AND role = 'vip' AND "vipStartupQuota" > 0 AND NOT disabled RETURNING 1`,
      [userId],
    );
    return rows.length === 1;
  }

  /** Users whose username or e-mail contains the term (or whose id it is), newest first. */
  search(term: string, page: number, pageSize: number): Promise<[User[], number]> {
    const q = this.users.createQueryBuilder('u').orderBy('u.createdAt', 'DESC');
    if (term)
      q.where(
        `u.username ILIKE :like ESCAPE '\\' OR u.email ILIKE :like ESCAPE '\\' OR u.id::text = :exact`,
        {
          like: containing(term),
          exact: term,
        },
      );
    return q
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  /**
   * The bootstrap admin account, unless one with this e-mail exists. API replicas and the worker start at once,
   * and each ensures it: the first insert wins.
   */
  async insertAdmin(email: string, passwordHash: string): Promise<void> {
    await this.users.query(
      `INSERT INTO users (username, email, "passwordHash", role, "emailVerifiedAt")
       VALUES (CASE WHEN EXISTS (SELECT 1 FROM users WHERE username = 'admin')
                    THEN 'admin-' || substr(md5(random()::text), 1, 6) ELSE 'admin' END,
               $1, $2, $3, now())
       ON CONFLICT DO NOTHING`,
      [email, passwordHash, Role.Admin],
    );
  }

  /** The account linked to the provider's user, if any. */
  async linkedTo(tx: Tx, provider: IdentityProvider, providerUserId: string): Promise<User | null> {
    const identity = await tx.findOne(Identity, {
      where: { provider, providerUserId },
      relations: { user: true },
    });
    return identity?.user ?? null;
  }

  /** The account of any of these addresses. */
  withEmailIn(tx: Tx, emails: string[]): Promise<User | null> {
    return tx.findOne(User, { where: { email: In(emails) } });
  }

  async link(tx: Tx, provider: IdentityProvider, providerUserId: string, userId: string): Promise<void> {
    await tx.insert(Identity, { provider, providerUserId, userId });
  }

  /** The account's identities of the provider go; answers how many. */
  async unlink(tx: Tx, userId: string, provider: IdentityProvider): Promise<number> {
    const gone = await tx.delete(Identity, { userId, provider });
    return gone.affected ?? 0;
  }
}
