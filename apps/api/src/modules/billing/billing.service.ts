import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { Plan } from './entities/plan.entity';
import { SolutionAccessGrant } from './entities/solution-access-grant.entity';

@Injectable()
export class BillingService {
  constructor(
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    @InjectRepository(SolutionAccessGrant) private readonly grants: Repository<SolutionAccessGrant>,
  ) {}

  /** Whether a pay-per-view purchase of this solution is live (30 days from payment, until refunded). */
  hasViewGrant(userId: string, solutionId: string): Promise<boolean> {
    return this.grants.existsBy({ userId, solutionId, expiresAt: MoreThan(new Date()) });
  }

  /** Every plan, in display order. */
  listPlans(): Promise<Plan[]> {
    return this.plans.find({ order: { sortOrder: 'ASC', tier: 'ASC' } });
  }
}
