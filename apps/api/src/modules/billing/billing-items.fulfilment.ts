import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CatalogueItem, WebRoute, type Localized } from '@think-tank/contracts';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../../core/http/id.pipe';
import { Messages } from '../notifications';
import { subjectIds } from './entities/order.entity';
import { Plan } from './entities/plan.entity';
import { Subscription } from './entities/subscription.entity';
import { FulfilmentService, type Fulfilment, type PaidOrder, type SettleContext } from './fulfilment.service';
import { periodEnd } from './subscription-period';

/**
 * What billing sells itself, registered with FulfilmentService like any module's items: a solution view (30 days),
 * a plan's period (a subscription, or a one-time plan's single period that nothing renews), and plain catalogue
 * items (a message only). Each is granted in the settling transaction and taken back in the refunding one.
 */
@Injectable()
export class BillingItemsFulfilment implements OnModuleInit {
  constructor(private readonly fulfilment: FulfilmentService) {}

  onModuleInit(): void {
    this.fulfilment.register(
      'single_solution_view',
      (tx, order) => this.grantView(tx, order),
      (tx, order) => this.revokeView(tx, order),
    );
    const period = (tx: EntityManager, order: PaidOrder, context: SettleContext) =>
      this.startPeriod(tx, order, context.stripeSubscriptionId ?? null);
    const endPeriod = async (tx: EntityManager, order: PaidOrder) => {
      await tx.update(
        Subscription,
        { orderId: order.id },
        { status: 'expired', currentPeriodEnd: () => 'LEAST("currentPeriodEnd", now())' },
      );
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
  private async grantView(tx: EntityManager, order: PaidOrder): Promise<Fulfilment> {
    const { solutionId } = subjectIds(order);
    if (!solutionId) return this.paidOnly(order);
    await this.lockViews(tx, order.userId, solutionId);
    await tx.query(
      `INSERT INTO solution_access_grants ("userId", "solutionId", "orderId", "expiresAt")
       SELECT $1, $2, $3, GREATEST(now(), max("expiresAt")) + make_interval(days => $4)
         FROM solution_access_grants WHERE "userId" = $1 AND "solutionId" = $2`,
      [order.userId, solutionId, order.id, CatalogueItem.singleSolutionView.days],
    );
    return {
      drafts: [Messages.paymentSucceeded(order.subject, priceOf(order), WebRoute.solution(solutionId))],
    };
  }

  /**
   * Ends the refunded view's grant, and moves the grants bought to follow it back by what is left of it: the buyer
   * keeps every day of what they still paid for, and none of what was refunded (contract §11).
   */
  private async revokeView(tx: EntityManager, order: PaidOrder): Promise<void> {
    const { solutionId } = subjectIds(order);
    if (solutionId) await this.lockViews(tx, order.userId, solutionId);
    // A grant covers `days` up to its end; what is left of the refunded one is its end less the later of its start
    // and now.
    await tx.query(
      `WITH gone AS (
         DELETE FROM solution_access_grants WHERE "orderId" = $1
         RETURNING "userId", "solutionId", "expiresAt",
                   GREATEST(interval '0', "expiresAt" - GREATEST(now(), "expiresAt" - make_interval(days => $2))) AS left
       )
       UPDATE solution_access_grants g SET "expiresAt" = g."expiresAt" - gone.left
         FROM gone
        WHERE g."userId" = gone."userId" AND g."solutionId" = gone."solutionId" AND g."expiresAt" > gone."expiresAt"`,
      [order.id, CatalogueItem.singleSolutionView.days],
    );
  }

  /** Serialises the grants of one user and solution, so that two settling or refunding at once follow each other. */
  private lockViews(tx: EntityManager, userId: string, solutionId: string): Promise<unknown> {
    return tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`view:${userId}:${solutionId}`]);
  }

  /** A new period of the plan, following on from the user's live one so that an early renewal loses nothing. */
  private async startPeriod(
    tx: EntityManager,
    order: PaidOrder,
    stripeSubscriptionId: string | null,
  ): Promise<Fulfilment> {
    const plan = await tx.findOneByOrFail(Plan, { id: order.itemId });
    // The database's clock: a period starting now has started for every query after this one, whatever the
    // API's clock says.
    const [{ liveUntil, now }]: { liveUntil: Date | null; now: Date }[] = await tx.query(
      `SELECT max("currentPeriodEnd") AS "liveUntil", now() AS now FROM subscriptions
        WHERE "userId" = $1 AND status IN ('active', 'canceled') AND "currentPeriodEnd" > now()`,
      [order.userId],
    );
    const start = liveUntil && liveUntil > now ? liveUntil : now;
    const end = periodEnd(start, plan.periodType);
    await tx.insert(Subscription, {
      userId: order.userId,
      planId: plan.id,
      orderId: order.id,
      gateway: order.gateway,
      status: 'active',
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
