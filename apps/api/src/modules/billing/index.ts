/** What other modules may use of billing; everything else stays inside. */
export { BillingModule } from './billing.module';
export { BillingService } from './billing.service';
export { InitiateSolutionPaymentDto, PaymentInstructionBody } from './dto/payments.dto';
export { PlanInputDto } from './dto/plan-input.dto';
export { FulfilmentService } from './fulfilment.service';
export type { Fulfilment, PaidOrder } from './fulfilment.service';
export { OrdersAdminService } from './orders-admin.service';
export { PaymentsService } from './payments.service';
export { toPlanResponse } from './plan-response';
export { SubscriptionsService, type SubscriptionAccess, type WorkshopTerms } from './subscriptions.service';
export { BillingJobsModule } from './billing-jobs.module';
export { InvoicesService } from './invoices.service';
export { IssueInvoiceDto, RejectInvoiceDto } from './dto/invoice.dto';
