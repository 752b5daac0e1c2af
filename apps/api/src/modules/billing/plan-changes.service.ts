import { Injectable } from '@nestjs/common';
import type { Currency, PaymentGateway } from '@think-tank/contracts';
import type { Tx } from '../../core/database/transactions.service';
import type { Plan } from './entities/plan.entity';
import type { PaidOrder } from './fulfilment.service';
import { liftsLimit, minimumCharge, unusedValue } from './plan-change';
import { periodEnd } from './subscription-period';
import { SubscriptionsRepository } from './subscriptions.repository';

/** How buying a plan now would go: its charge after any credit, and when its period starts. */
export interface PlanChange {
  /** It lifts a limit of the live plan: it starts now, and the live period's unused days are credited. */
  upgrade: boolean;
  creditApplied: number;
  amount: number;
  currency: Currency;
  startsAt: Date;
}

/** A plan's period as it started, and the live periods it replaced. */
export interface StartedPeriod {
  end: Date;
  replacedStripeSubscriptions: string[];
  /** A credit was charged for but no live period was left to replace (refunded meanwhile): support looks. */
  creditUnbacked: boolean;
}

/**
 * Contract §12 "Plans change at once": a plan that lifts a limit of the buyer's live plan starts now, the live
 * period's unused days credited against its price; any other starts when the live periods end. Quoted before
 * the order (the checkout and the order's amount) and applied when it is paid.
 */
@Injectable()
export class PlanChangesService {
  constructor(private readonly subscriptions: SubscriptionsRepository) {}

  async quote(userId: string, plan: Plan, currency: Currency, gateway: PaymentGateway): Promise<PlanChange> {
    const [grants, periods, { liveUntil, now }] = await Promise.all([
      this.subscriptions.liveGrants(userId),
      this.subscriptions.creditable(userId),
      this.subscriptions.liveUntil(userId),
    ]);
    const price = currency === 'CNY' ? plan.priceCny : plan.priceUsd;
    const upgrade = liftsLimit(plan, grants);
    const creditApplied = upgrade
      ? Math.max(0, Math.min(unusedValue(periods, currency, now), price - minimumCharge(gateway, currency)))
      : 0;
    return {
      upgrade,
      creditApplied,
      amount: price - creditApplied,
      currency,
      startsAt: !upgrade && liveUntil && liveUntil > now ? liveUntil : now,
    };
  }

  /**
   * Starts the paid order's period in the settling transaction: now, replacing the live periods, for an upgrade
   * (one that was credited, or one that lifts a limit); else when the live periods end. Periods still to come
   * follow it.
   */
  async start(
    tx: Tx,
    order: PaidOrder,
    plan: Plan,
    stripeSubscriptionId: string | null,
  ): Promise<StartedPeriod> {
    const { userId } = order;
    await this.subscriptions.lockPeriodsOf(tx, userId);
    const upgrade =
      order.creditApplied > 0 || liftsLimit(plan, await this.subscriptions.liveGrants(userId, tx));
    const replaced = upgrade ? await this.subscriptions.creditable(userId, tx) : [];
    await this.subscriptions.replace(
      tx,
      replaced.map((p) => p.id),
      order.id,
    );
    const { liveUntil, now } = await this.subscriptions.liveUntil(userId, tx);
    const start = !upgrade && liveUntil && liveUntil > now ? liveUntil : now;
    const end = periodEnd(start, plan.periodType);
    await this.subscriptions.start(tx, {
      userId,
      planId: plan.id,
      orderId: order.id,
      gateway: order.gateway,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      stripeSubscriptionId,
    });
    await this.subscriptions.resequence(tx, userId);
    return {
      end,
      replacedStripeSubscriptions: replaced.flatMap((p) => p.stripeSubscriptionId ?? []),
      creditUnbacked: order.creditApplied > 0 && replaced.length === 0,
    };
  }
}
