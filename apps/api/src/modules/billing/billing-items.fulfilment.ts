import { Injectable, type OnModuleInit } from '@nestjs/common';
import { WebRoute, type Localized } from '@think-tank/contracts';
import type { Tx } from '../../core/database/transactions.service';
import { isUuid } from '../../core/http/id.pipe';
import { Messages } from '../notifications';
import { subjectIds } from './entities/order.entity';
import { FulfilmentService, type Fulfilment, type PaidOrder, type SettleContext } from './fulfilment.service';
import { StripeGateway } from './gateways/stripe.gateway';
import { PlanChangesService } from './plan-changes.service';
import { PlansRepository } from './plans.repository';
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
    private readonly planChanges: PlanChangesService,
    private readonly stripe: StripeGateway,
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
    // A refunded period ends; those it replaced are live again, and the periods to come move up.
    const endPeriod = async (tx: Tx, order: PaidOrder) => {
      await this.subscriptions.lockPeriodsOf(tx, order.userId);
      await this.subscriptions.endOf(tx, order.id);
      await this.subscriptions.resequence(tx, order.userId);
    };
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

  /**
   * A new period of the plan: at once for an upgrade (the live periods it credited end), else following on from the
   * live ones so that an early renewal loses nothing. A replaced Stripe subscription must not bill again.
   */
  private async startPeriod(
    tx: Tx,
    order: PaidOrder,
    stripeSubscriptionId: string | null,
  ): Promise<Fulfilment> {
    const plan = await this.plans.get(tx, order.itemId);
    const started = await this.planChanges.start(tx, order, plan, stripeSubscriptionId);
    if (started.creditUnbacked)
      await this.fulfilment.flag(
        order.id,
        'credited for a period no longer live (refunded?): review the credit',
        tx,
      );
    const name: Localized = { zh: plan.name, en: plan.nameEn };
    return {
      drafts: [
        Messages.paymentSucceeded(order.subject, priceOf(order), WebRoute.subscriptionManagement),
        Messages.subscriptionStarted(name, started.end),
      ],
      afterCommit: async () => {
        for (const id of started.replacedStripeSubscriptions)
          await this.stripe
            .cancelNow(id)
            .catch((e: Error) =>
              this.fulfilment.flag(
                order.id,
                `cancel replaced Stripe subscription ${id} by hand: ${e.message}`,
              ),
            );
      },
    };
  }

  private async paidOnly(order: PaidOrder): Promise<Fulfilment> {
    return { drafts: [Messages.paymentSucceeded(order.subject, priceOf(order), null)] };
  }
}

const priceOf = (order: PaidOrder) => ({ amount: order.amount, currency: order.currency });
