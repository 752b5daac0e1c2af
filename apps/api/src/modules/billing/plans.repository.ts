import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository, type DeepPartial } from 'typeorm';
import { ReadReplicas } from '../../core/database/read-replicas.repository';
import type { Tx } from '../../core/database/transactions.service';
import { Plan } from './entities/plan.entity';

/** The plans on sale, in display order. */
@Injectable()
export class PlansRepository {
  constructor(
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    private readonly replicas: ReadReplicas,
  ) {}

  /** The public list, which may lag the primary; a purchase reads its plan from the primary (byId, get). */
  all(): Promise<Plan[]> {
    return this.replicas.read((db) =>
      db.getRepository(Plan).find({ order: { sortOrder: 'ASC', tier: 'ASC' } }),
    );
  }

  page(page: number, pageSize: number): Promise<[Plan[], number]> {
    return this.plans.findAndCount({
      order: { sortOrder: 'ASC', tier: 'ASC', id: 'ASC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }

  byId(id: string): Promise<Plan | null> {
    return this.plans.findOneBy({ id });
  }

  /** The plan an order being settled bought (it exists: a plan with orders is never deleted). */
  get(tx: Tx, id: string): Promise<Plan> {
    return tx.findOneByOrFail(Plan, { id });
  }

  /** The plan, locked until the caller's transaction ends; null when there is none. */
  locked(tx: Tx, id: string): Promise<Plan | null> {
    return tx.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Inserts or replaces the plan; a taken code fails with a unique violation. */
  save(tx: Tx, fields: DeepPartial<Plan>): Promise<Plan> {
    return tx.save(Plan, tx.create(Plan, fields));
  }

  /**
   * Keeps the Stripe price created for the plan as it is priced now; false when it was repriced meanwhile (the
   * price then prices nothing here) or already has one.
   */
  async keepStripePrice(plan: Plan, stripePriceId: string): Promise<boolean> {
    const kept = await this.plans.update(
      {
        id: plan.id,
        stripePriceId: IsNull(),
        priceCny: plan.priceCny,
        priceUsd: plan.priceUsd,
        periodType: plan.periodType,
      },
      { stripePriceId },
    );
    return Boolean(kept.affected);
  }

  async remove(tx: Tx, id: string): Promise<void> {
    await tx.delete(Plan, { id });
  }
}
