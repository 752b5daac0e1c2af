import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { PaywallService } from './paywall.service';

@Module({
  imports: [BillingModule],
  providers: [PaywallService],
  exports: [PaywallService],
})
export class PaywallModule {}
