import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingItemsFulfilment } from './billing-items.fulfilment';
import { BillingService } from './billing.service';
import { BuyerOrdersService } from './buyer-orders.service';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';
import { InvoiceRequest } from './entities/invoice-request.entity';
import { Order } from './entities/order.entity';
import { PaymentEvent } from './entities/payment-event.entity';
import { Refund } from './entities/refund.entity';
import { Plan } from './entities/plan.entity';
import { SolutionAccessGrant } from './entities/solution-access-grant.entity';
import { Subscription } from './entities/subscription.entity';
import { FulfilmentService } from './fulfilment.service';
import { GatewayEventsService } from './gateway-events.service';
import { AlipayGateway } from './gateways/alipay.gateway';
import { StripeGateway } from './gateways/stripe.gateway';
import { WechatPayGateway } from './gateways/wechatpay.gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { SandboxCheckoutController } from './sandbox-checkout.controller';
import { UnlockedController } from './unlocked.controller';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';
import { OrdersAdminService } from './orders-admin.service';
import { OrdersRepository } from './orders.repository';
import { InvoicesRepository } from './invoices.repository';
import { PlansRepository } from './plans.repository';
import { RefundsRepository } from './refunds.repository';
import { SubscriptionsRepository } from './subscriptions.repository';
import { ViewGrantsRepository } from './view-grants.repository';
import { PaymentInstructions } from './payment-instructions.service';
import { PlanChangesService } from './plan-changes.service';
import { ReconciliationService } from './reconciliation.service';
import { RefundsService } from './refunds.service';
import { SandboxLedger } from './sandbox-ledger.service';

/**
 * What users buy and hold: plans, orders through the gateways, subscriptions, pay-per-view grants. Its scheduled
 * jobs run in the worker (BillingJobsModule).
 */
import { OrderTrade } from './entities/order-trade.entity';
import { OrderTradesRepository } from './order-trades.repository';
import { WechatTradesService } from './wechat-trades.service';
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Plan,
      Order,
      OrderTrade,
      PaymentEvent,
      Refund,
      Subscription,
      SolutionAccessGrant,
      InvoiceRequest,
    ]),
    NotificationsModule,
  ],
  controllers: [
    PaymentsController,
    InvoicesController,
    SandboxCheckoutController,
    SubscriptionsController,
    UnlockedController,
  ],
  providers: [
    BillingService,
    PaymentsService,
    OrderTradesRepository,
    WechatTradesService,
    OrdersRepository,
    RefundsRepository,
    SubscriptionsRepository,
    PlansRepository,
    PlanChangesService,
    PaymentInstructions,
    ViewGrantsRepository,
    InvoicesRepository,
    BuyerOrdersService,
    InvoicesService,
    FulfilmentService,
    BillingItemsFulfilment,
    GatewayEventsService,
    SubscriptionsService,
    AlipayGateway,
    StripeGateway,
    WechatPayGateway,
    SandboxLedger,
    ReconciliationService,
    RefundsService,
    OrdersAdminService,
  ],
  exports: [
    InvoicesService,
    BillingService,
    PaymentsService,
    FulfilmentService,
    SubscriptionsService,
    OrdersAdminService,
    ReconciliationService,
    RefundsService,
  ],
})
export class BillingModule {}
