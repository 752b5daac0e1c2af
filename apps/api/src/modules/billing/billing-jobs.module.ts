import { Module } from '@nestjs/common';
import { BillingModule } from './billing.module';
import { OrderReconcileProcessor } from './jobs/order-reconcile.processor';
import { SubscriptionExpiryProcessor } from './jobs/subscription-expiry.processor';

/** Billing's scheduled jobs, processed by the worker entry point only (the API just serves). */
@Module({
  imports: [BillingModule],
  providers: [SubscriptionExpiryProcessor, OrderReconcileProcessor],
})
export class BillingJobsModule {}
