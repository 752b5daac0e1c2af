import { Injectable } from '@nestjs/common';
import {
  Role,
  type AdminPage,
  type AdminVipApplication,
  type MyVipApplication,
  type VipApplication as VipApplicationBody,
  type VipApplicationStatus,
} from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { isUniqueViolation } from '../../core/database/unique-violation';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { Messages, NotificationsService } from '../notifications';
import type { VipApplicationDto } from './dto/vip-application.dto';
import type { VipApplication } from './entities/vip-application.entity';
import { UsersRepository } from './users.repository';
import { VipApplicationsRepository } from './vip-applications.repository';
import { TokenService } from './token.service';
import { UsersAdminService } from './users-admin.service';

/** Applications a user may send in an hour: a retry or a correction, not a flood of support's queue. */
const APPLY_LIMIT = { max: 5, windowSeconds: 3600 };

const toBody = (a: VipApplication): VipApplicationBody => ({
  id: a.id,
  company: a.company,
  contactName: a.contactName,
  phone: a.phone,
  email: a.email,
  industry: a.industry,
  purpose: a.purpose,
  status: a.status,
  decisionNote: a.decisionNote,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

/**
 * The VIP application: a Free user asks once at a time; support approves (the user becomes VIP with the default
 * start-up quota) or rejects with a reason. Each decision is audited and messaged, and decided exactly once.
 */
@Injectable()
export class VipApplicationsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly applications: VipApplicationsRepository,
    private readonly accounts: UsersRepository,
    private readonly users: UsersAdminService,
    private readonly tokens: TokenService,
    private readonly audit: AuditLog,
    private readonly notifications: NotificationsService,
    private readonly limiter: RateLimiter,
  ) {}

  /** The user's latest application, whatever its status. */
  async mine(userId: string): Promise<MyVipApplication> {
    const latest = await this.applications.latestOf(userId);
    return { application: latest && toBody(latest) };
  }

  async apply(userId: string, input: VipApplicationDto): Promise<VipApplicationBody> {
    const user = await this.accounts.byId(userId);
    if (user?.role !== Role.Free) throw new AppError('ALREADY_VIP');
    await this.limiter.take({ key: `vip-apply:${userId}`, ...APPLY_LIMIT });
    try {
      return toBody(await this.applications.insert({ ...input, userId }));
    } catch (e) {
      // One pending application per user, however many arrive at once: the partial unique index says so.
      if (isUniqueViolation(e)) throw new AppError('VIP_APPLICATION_PENDING');
      throw e;
    }
  }

  /** Support's queue: pending first by default, oldest first, with the applicant's username. */
  async list(
    status: VipApplicationStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<AdminPage<AdminVipApplication>> {
    const [rows, total] = await this.applications.page(status, page, pageSize);
    const items = rows.map(({ application, username }) => ({
      ...toBody(application),
      userId: application.userId,
      username: username ?? '',
    }));
    return { items, total, page, pageSize };
  }

  async approve(actorId: string, id: string, note: string | undefined): Promise<VipApplicationBody> {
    return this.decide(actorId, id, 'approved', note ?? null, async (tx, application) => {
      // Already VIP or staff by another way (an admin's change): the approval stands, nothing more to grant.
      const { user, changed } = await this.users.grantVip(tx, actorId, application.userId);
      return { quota: user.vipStartupQuota, roleChanged: changed };
    });
  }

  async reject(actorId: string, id: string, reason: string): Promise<VipApplicationBody> {
    return this.decide(actorId, id, 'rejected', reason, async () => ({ quota: 0, roleChanged: false }));
  }

  /** Moves a pending application to its decision once (a second decision is 409), with its effect and message. */
  private async decide(
    actorId: string,
    id: string,
    status: 'approved' | 'rejected',
    note: string | null,
    effect: (tx: Tx, a: VipApplication) => Promise<{ quota: number; roleChanged: boolean }>,
  ): Promise<VipApplicationBody> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const { application, push, roleChanged } = await this.transactions.run(async (tx) => {
      const decided = await this.applications.decide(tx, id, {
        status,
        decisionNote: note || null,
        decidedBy: actorId,
        decidedAt: () => 'now()',
      });
      const { quota, roleChanged } = await effect(tx, decided);
      await this.audit.record(tx, {
        actorId,
        action: `vip_application.${status === 'approved' ? 'approve' : 'reject'}`,
        targetType: 'user',
        targetId: decided.userId,
        details: { applicationId: id, note },
      });
      const draft =
        status === 'approved' ? Messages.vipApproved(quota, note || null) : Messages.vipRejected(note ?? '');
      const push = await this.notifications.write(tx, [decided.userId], draft);
      return { application: decided, push, roleChanged };
    });
    // Once committed: the user's tokens carry the new role from their next refresh, and the message is pushed.
    if (roleChanged) this.tokens.sessionsEnded(application.userId);
    await push();
    return toBody(application);
  }
}
