import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { planFeatures, type AdminPage, type AdminPlan, type PlanInput } from '@think-tank/contracts';
import type { Pool } from 'pg';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { AuditService } from '../../core/audit/audit.service';
import { poolOf } from '../../core/database/pool';
import { AppError } from '../../core/errors/app-error';
import { Order } from './entities/order.entity';
import { Plan } from './entities/plan.entity';
import { VIEW_GRANT } from './view-grant.query';

const UNIQUE_VIOLATION = '23505';

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
  private readonly pool: Pool;

  constructor(
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {
    this.pool = poolOf(db);
  }

  /** Every plan, in display order. */
  listPlans(): Promise<Plan[]> {
    return this.plans.find({ order: { sortOrder: 'ASC', tier: 'ASC' } });
  }

  /** Every plan as support edits it, a page at a time (contract §10: admin lists are paged, plans included). */
  async listAdminPlans(page: number, pageSize: number): Promise<AdminPage<AdminPlan>> {
    const [rows, total] = await this.plans.findAndCount({
      order: { sortOrder: 'ASC', tier: 'ASC', id: 'ASC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items: rows.map(toAdminPlan), total, page, pageSize };
  }

  /** Whether a pay-per-view purchase of this solution is live (30 days from payment, until refunded). */
  async hasViewGrant(userId: string, solutionId: string): Promise<boolean> {
    // On the paid view's path: a repository's query builder cost it ~9 % of its CPU (profile, issue 22).
    const { rowCount } = await this.pool.query({ ...VIEW_GRANT, values: [userId, solutionId] });
    return Boolean(rowCount);
  }

  /** Creates (id null) or replaces a plan, with its audit entry; a taken code is 409 CONFLICT. */
  async savePlan(id: string | null, input: PlanInput, actorId: string): Promise<AdminPlan> {
    try {
      return await this.db.transaction(async (tx) => {
        const before = id
          ? await tx.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } })
          : null;
        if (id && !before) throw new AppError('NOT_FOUND');
        const plan = await tx.save(
          Plan,
          tx.create(Plan, {
            ...before,
            ...input,
            stripePriceId: input.stripePriceId ?? null,
            alipayProductCode: input.alipayProductCode ?? null,
          }),
        );
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
      if (e instanceof QueryFailedError && (e.driverError as { code?: string }).code === UNIQUE_VIOLATION)
        throw new AppError('CONFLICT');
      throw e;
    }
  }

  /** Deletes a plan nobody has bought; one with orders stays, so that their history keeps its name. */
  async removePlan(id: string, actorId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const plan = await tx.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!plan) throw new AppError('NOT_FOUND');
      if (await tx.existsBy(Order, { itemId: id })) throw new AppError('PLAN_IN_USE');
      await tx.delete(Plan, { id });
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
