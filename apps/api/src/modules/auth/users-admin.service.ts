import { Injectable } from '@nestjs/common';
import {
  DEFAULT_VIP_STARTUP_QUOTA,
  Role,
  isStaff,
  type AdminPage,
  type AdminUser,
  type AdminUserPatch,
} from '@think-tank/contracts';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import type { User } from './entities/user.entity';
import { UsersRepository } from './users.repository';
import { TokenService } from './token.service';

export const toAdminUser = (u: User): AdminUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  isPaid: u.isPaid,
  vipStartupQuota: u.vipStartupQuota,
  disabled: u.disabled,
  emailVerifiedAt: u.emailVerifiedAt?.toISOString() ?? null,
  deletedAt: u.deletedAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
});

/** Fields only an admin may change: they are money or rights (contract §9). */
const ADMIN_ONLY: (keyof AdminUserPatch)[] = ['role', 'isPaid', 'vipStartupQuota'];

export interface Actor {
  id: string;
  role: Role;
}

/** Accounts as support staff see and change them; every change is audited with its before and after. */
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly audit: AuditLog,
    private readonly tokens: TokenService,
  ) {}

  /** Users whose username or e-mail contains the query, newest first. */
  async search(query: string, page: number, pageSize: number): Promise<AdminPage<AdminUser>> {
    const [rows, total] = await this.users.search(query.trim(), page, pageSize);
    return { items: rows.map(toAdminUser), total, page, pageSize };
  }

  async get(id: string): Promise<AdminUser> {
    return toAdminUser(await this.find(undefined, id));
  }

  async update(actor: Actor, id: string, patch: AdminUserPatch): Promise<AdminUser> {
    if (actor.role !== Role.Admin && ADMIN_ONLY.some((k) => patch[k] !== undefined))
      throw new AppError('FORBIDDEN');
    const { before, after } = await this.transactions.run(async (tx) => {
      const user = await this.find(tx, id);
      // Support may not lock staff out; only an admin may disable another staff account.
      if (actor.role !== Role.Admin && isStaff(user.role)) throw new AppError('FORBIDDEN');
      if (patch.disabled && user.id === actor.id) throw new AppError('CONFLICT');
      // A deleted account stays closed: its owner asked for it, and nothing of theirs is left to sign in to.
      if (user.deletedAt) throw new AppError('CONFLICT');
      return this.change(tx, actor.id, user, patch);
    });
    if ((after.disabled && !before.disabled) || after.role !== before.role) this.tokens.sessionsEnded(id);
    return after;
  }

  /**
   * Makes a Free user VIP, with the default start-up quota when they have none, audited as any change: support's
   * approval of a VIP application (the application is the admin's rule for it). A user already VIP or staff is left
   * as is (`changed: false`). In the caller's transaction; the caller calls `tokens.sessionsEnded` once it commits.
   */
  async grantVip(tx: Tx, actorId: string, userId: string): Promise<{ user: AdminUser; changed: boolean }> {
    const user = await this.find(tx, userId);
    if (user.role !== Role.Free) return { user: toAdminUser(user), changed: false };
    return { user: (await this.change(tx, actorId, user, { role: Role.Vip })).after, changed: true };
  }

  /** Applies a patch to a locked user: the new VIP's default quota, token versions, the audit entry. */
  private async change(
    tx: Tx,
    actorId: string,
    user: User,
    patch: AdminUserPatch,
  ): Promise<{ before: AdminUser; after: AdminUser }> {
    const prior = toAdminUser(user);
    const becomesVip = patch.role === Role.Vip && user.role !== Role.Vip;
    Object.assign(user, {
      ...patch,
      ...(becomesVip && patch.vipStartupQuota === undefined && user.vipStartupQuota === 0
        ? { vipStartupQuota: DEFAULT_VIP_STARTUP_QUOTA }
        : {}),
    });
    const saved = toAdminUser(await this.users.save(tx, user));
    // Tokens carry the role and were issued to an enabled account: both changes end them within seconds.
    if (saved.disabled && !prior.disabled) await this.tokens.endAllSessions(tx, user.id);
    else if (saved.role !== prior.role) await this.tokens.raiseVersion(tx, user.id);
    const changed = (Object.keys(saved) as (keyof AdminUser)[]).filter((k) => prior[k] !== saved[k]);
    await this.audit.record(tx, {
      actorId,
      action: 'user.update',
      targetType: 'user',
      targetId: user.id,
      // The account by its id, as audit entries keep people (contract §12): no name or address outlives a deletion.
      details: { before: withoutIdentity(prior), after: withoutIdentity(saved), changed },
    });
    return { before: prior, after: saved };
  }

  /** The user, locked until `tx` ends when one is given; 404 when there is none. */
  private async find(tx: Tx | undefined, id: string): Promise<User> {
    const user = !isUuid(id) ? null : tx ? await this.users.locked(tx, id) : await this.users.byId(id);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }
}

/** An account's snapshot without what names the person. */
const withoutIdentity = ({ username: _username, email: _email, ...rest }: AdminUser) => rest;
