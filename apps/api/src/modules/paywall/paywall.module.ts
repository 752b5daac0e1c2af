import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing/billing.module';
import { SolutionAccessGrant } from './entities/solution-access-grant.entity';
import { PaywallService } from './paywall.service';

@Module({
  imports: [TypeOrmModule.forFeature([SolutionAccessGrant]), BillingModule],
  providers: [PaywallService],
  exports: [PaywallService],
})
export class PaywallModule {}
