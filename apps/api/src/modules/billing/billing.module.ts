import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingService } from './billing.service';
import { Plan } from './entities/plan.entity';

/** Plans for now; checkout, orders and subscriptions arrive with the payments work. */
@Module({
  imports: [TypeOrmModule.forFeature([Plan])],
  providers: [BillingService],
  exports: [BillingService],
})
export class BillingModule {}
