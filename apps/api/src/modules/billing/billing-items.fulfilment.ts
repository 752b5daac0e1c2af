import { Injectable, type OnModuleInit } from '@nestjs/common';
import { WebRoute, type Localized } from '@think-tank/contracts';
import type { Tx } from '../../core/database/transactions';
import { isUuid } from '../../core/http/id.pipe';
import { Messages } from '../notifications';
import { subjectIds } from './entities/order.entity';
import { FulfilmentService, type Fulfilment, type PaidOrder, type SettleContext } from './fulfilment.service';
import { PlansRepository } from './plans.repository';
import { periodEnd } from './subscription-period';
import { SubscriptionsRepository } from './subscriptions.repository';
import { ViewGrantsRepository } from './view-grants.repository';

/**
 * What billing sells itself, registered with FulfilmentService like any module's items: a solution view (30 days),
 * a plan's period (a subscription, or a one-time plan's single period that nothing renews), and plain catalogue
 * items (a message only). Each is granted in the settling transaction and taken back in the refunding one.
 */
@Injectable()
export class BillingItemsFulfilment implements OnModuleInit {
  constructor(
    private readonly fulfilment: FulfilmentService,
    private readonly plans: PlansRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly views: ViewGrantsRepository,
  ) {}

  onModuleInit(): void {
    this.fulfilment.register(
      'single_solution_view',
      (tx, order) => this.grantView(tx, order),
      (tx, order) => this.views.revoke(tx, order, subjectIds(order).solutionId),
    );
    const period = (tx: Tx, order: PaidOrder, context: SettleContext) =>
      this.startPeriod(tx, order, context.stripeSubscriptionId ?? null);
    const endPeriod = (tx: Tx, order: PaidOrder) => this.subscriptions.endOf(tx, order.id);
    this.fulfilment.register('subscription', period, endPeriod);
    // A one-time product is a one-time plan (its id is the plan's) or a catalogue item.
    this.fulfilment.register(
      'one_time_product',
      (tx, order, context) => (isUuid(order.itemId) ? period(tx, order, context) : this.paidOnly(order)),
      endPeriod,
    );
  }

  /** A view bought again while one is live follows it: the buyer gets every day paid for. */
  private async grantView(tx: Tx, order: PaidOrder): Promise<Fulfilment> {
    const { solutionId } = subjectIds(order);
    if (!solutionId) return this.paidOnly(order);
    await this.views.grant(tx, order, solutionId);
    return {
      drafts: [Messages.paymentSucceeded(order.subject, priceOf(order), WebRoute.solution(solutionId))],
    };
  }

  /** A new period of the plan, following on from the user's live one so that an early renewal loses nothing. */
  private async startPeriod(
    tx: Tx,
    order: PaidOrder,
    stripeSubscriptionId: string | null,
  ): Promise<Fulfilment> {
    const plan = await this.plans.get(tx, order.itemId);
    const { liveUntil, now } = await this.subscriptions.liveUntil(tx, order.userId);
    const start = liveUntil && liveUntil > now ? liveUntil : now;
    const end = periodEnd(start, plan.periodType);
    await this.subscriptions.start(tx, {
      userId: order.userId,
      planId: plan.id,
      orderId: order.id,
      gateway: order.gateway,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      stripeSubscriptionId,
    });
    const name: Localized = { zh: plan.name, en: plan.nameEn };
    return {
      drafts: [
        Messages.paymentSucceeded(order.subject, priceOf(order), WebRoute.subscriptionManagement),
        Messages.subscriptionStarted(name, end),
      ],
    };
  }

  private async paidOnly(order: PaidOrder): Promise<Fulfilment> {
    return { drafts: [Messages.paymentSucceeded(order.subject, priceOf(order), null)] };
  }
}

const priceOf = (order: PaidOrder) => ({ amount: order.amount, currency: order.currency });
