import { Module } from '@nestjs/common';
import { BillingModule } from './billing.module';
import { OrderReconcileProcessor } from './jobs/order-reconcile.processor';
import { RefundRetryProcessor } from './jobs/refund-retry.processor';
import { SubscriptionExpiryProcessor } from './jobs/subscription-expiry.processor';

/** Billing's scheduled jobs, processed by the worker entry point only (the API just serves). */
@Module({
  imports: [BillingModule],
  providers: [SubscriptionExpiryProcessor, OrderReconcileProcessor, RefundRetryProcessor],
})
export class BillingJobsModule {}
