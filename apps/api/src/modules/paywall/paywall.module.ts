import { Module } from '@nestjs/common';
import { BillingModule } from '../billing';
import { PaywallService } from './paywall.service';

@Module({
  imports: [BillingModule],
  providers: [PaywallService],
  exports: [PaywallService],
})
export class PaywallModule {}
