import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { AdminPlansController } from './admin-plans.controller';

/** Support staff's endpoints (contract §9) that span modules; each module's own admin routes stay with it. */
@Module({
  imports: [AuthModule, BillingModule],
  controllers: [AdminPlansController],
})
export class AdminModule {}
