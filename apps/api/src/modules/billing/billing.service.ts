import { Injectable } from '@nestjs/common';
import { planFeatures, type AdminPage, type AdminPlan, type PlanInput } from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { isUniqueViolation } from '../../core/database/unique-violation';
import { AppError } from '../../core/errors/app-error';
import type { Plan } from './entities/plan.entity';
import { OrdersRepository } from './orders.repository';
import { PlansRepository } from './plans.repository';
import { ViewGrantsRepository } from './view-grants.repository';

function toAdminPlan(plan: Plan): AdminPlan {
  const { createdAt, updatedAt, features: _unread, featuresEn: _unreadEn, ...fields } = plan;
  return {
    ...fields,
    // What buyers read, as the plans API writes it: support sees the lines its entitlements give.
    features: planFeatures(plan, 'zh'),
    featuresEn: planFeatures(plan, 'en'),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

@Injectable()
export class BillingService {
  constructor(
    private readonly transactions: Transactions,
    private readonly plans: PlansRepository,
    private readonly orders: OrdersRepository,
    private readonly views: ViewGrantsRepository,
    private readonly audit: AuditLog,
  ) {}

  /** Every plan, in display order. */
  listPlans(): Promise<Plan[]> {
    return this.plans.all();
  }

  /** Every plan as support edits it, a page at a time (contract §10: admin lists are paged, plans included). */
  async listAdminPlans(page: number, pageSize: number): Promise<AdminPage<AdminPlan>> {
    const [rows, total] = await this.plans.page(page, pageSize);
    return { items: rows.map(toAdminPlan), total, page, pageSize };
  }

  /** Whether a pay-per-view purchase of this solution is live (30 days from payment, until refunded). */
  hasViewGrant(userId: string, solutionId: string): Promise<boolean> {
    return this.views.isLive(userId, solutionId);
  }

  /** Creates (id null) or replaces a plan, with its audit entry; a taken code is 409 CONFLICT. */
  async savePlan(id: string | null, input: PlanInput, actorId: string): Promise<AdminPlan> {
    try {
      return await this.transactions.run(async (tx) => {
        const before = id ? await this.plans.locked(tx, id) : null;
        if (id && !before) throw new AppError('NOT_FOUND');
        // A Stripe price is fixed: a plan repriced keeps its old one only when support names it again on purpose.
        const repriced =
          before &&
          (before.priceCny !== input.priceCny ||
            before.priceUsd !== input.priceUsd ||
            before.periodType !== input.periodType);
        const plan = await this.plans.save(tx, {
          ...before,
          ...input,
          stripePriceId:
            repriced && input.stripePriceId === before.stripePriceId ? null : (input.stripePriceId ?? null),
          alipayProductCode: input.alipayProductCode ?? null,
        });
        await this.audit.record(tx, {
          actorId,
          action: id ? 'plan.update' : 'plan.create',
          targetType: 'plan',
          targetId: plan.id,
          details: { before: before ? toAdminPlan(before) : null, after: input },
        });
        return toAdminPlan(plan);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('CONFLICT');
      throw e;
    }
  }

  /** Deletes a plan nobody has bought; one with orders stays, so that their history keeps its name. */
  async removePlan(id: string, actorId: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const plan = await this.plans.locked(tx, id);
      if (!plan) throw new AppError('NOT_FOUND');
      if (await this.orders.anyFor(tx, id)) throw new AppError('PLAN_IN_USE');
      await this.plans.remove(tx, id);
      await this.audit.record(tx, {
        actorId,
        action: 'plan.delete',
        targetType: 'plan',
        targetId: id,
        details: { before: toAdminPlan(plan) },
      });
    });
  }
}
