import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Plan } from './entities/plan.entity';

@Injectable()
export class BillingService {
  constructor(@InjectRepository(Plan) private readonly plans: Repository<Plan>) {}

  /** Every plan, in display order. */
  listPlans(): Promise<Plan[]> {
    return this.plans.find({ order: { sortOrder: 'ASC', tier: 'ASC' } });
  }
}
