import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type DeepPartial } from 'typeorm';
import type { Currency } from '@think-tank/contracts';
import type { Tx } from '../../core/database/transactions.service';
import { updateReturning } from '../../core/database/update-returning';
import { Subscription } from './entities/subscription.entity';

/** A period that has not ended and was not refunded, also after a cancel (contract §5), started or paid ahead. */
const NOT_ENDED = `s.status IN ('active', 'canceled') AND s."currentPeriodEnd" > now()`;
/**
 * A period grants access, VIP and its start-up quota once it has started: a period paid ahead gives nothing before
 * its turn (its refund then takes all of it back, contract §11).
 */
const LIVE = `${NOT_ENDED} AND s."currentPeriodStart" <= now()`;

/** What the user's live periods give, for deciding whether a plan lifts a limit. */
export interface LiveGrants {
  vip: boolean;
  unlimited: boolean;
  limit: number | null;
}

/** A live period with what its days are worth: the credit an upgrade that replaces it gives. */
export interface CreditablePeriod {
  id: string;
  start: Date;
  end: Date;
  /** The order that paid for it: its amount (minor units) before the credit it got itself, and its currency. */
  paid: number;
  currency: Currency;
  priceCny: number;
  priceUsd: number;
  stripeSubscriptionId: string | null;
}

/** A period ending soon, to remind its user of. */
export interface EndingPeriod {
  userId: string;
  planId: string;
  name: string;
  nameEn: string;
  end: Date;
}

/**
 * Subscription periods, with the plans they are of: all their SQL and every change of a period's status (started
 * when paid, ended when refunded, cancelled, expired, or moved by Stripe).
 */
@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>) {}

  /** What the user's live periods give; undefined when they have none. */
  async liveGrants(userId: string, tx: Tx = this.subscriptions.manager): Promise<LiveGrants | undefined> {
    const [row] = await tx.query(
      `SELECT bool_or(p."isVip") AS vip, bool_or(p."dailyViewLimit" IS NULL) AS unlimited,
              max(p."dailyViewLimit") AS limit
         FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND ${LIVE} GROUP BY s."userId"`,
      [userId],
    );
    return row;
  }

  async hasLiveVip(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.subscriptions.query(
      `SELECT 1 FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND p."isVip" AND ${LIVE} LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * Takes one start-up from a live VIP-plan period's quota, atomically; answers the order that paid the period, or
   * null when none is left.
   */
  async spendVipStartup(tx: Tx, userId: string): Promise<string | null> {
    const [spent] = await updateReturning<{ orderId: string }>(
      tx,
      `UPDATE subscriptions SET "vipStartupsUsed" = "vipStartupsUsed" + 1, "updatedAt" = now()
        WHERE id = (SELECT s.id FROM subscriptions s JOIN plans p ON p.id = s."planId"
                     WHERE s."userId" = $1 AND p."isVip" AND ${LIVE} AND s."vipStartupsUsed" < p."vipStartupQuota"
                     ORDER BY s."currentPeriodEnd" LIMIT 1 FOR UPDATE OF s)
        RETURNING "orderId"`,
      [userId],
    );
    return spent?.orderId ?? null;
  }

  /**
   * The live period that gives the most in the workshop (VIP first, then the largest stage-fee discount), with the
   * order that paid it; undefined when none is live.
   */
  async bestWorkshopPeriod(
    userId: string,
  ): Promise<{ orderId: string; isVip: boolean; stageFeeDiscount: number } | undefined> {
    const [row] = await this.subscriptions.query(
      `SELECT s."orderId", p."isVip", p."stageFeeDiscount" FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND ${LIVE}
        ORDER BY p."isVip" DESC, p."stageFeeDiscount" DESC, s."currentPeriodEnd" DESC LIMIT 1`,
      [userId],
    );
    return row;
  }

  /** The period the order paid for, when it has one. */
  async periodOf(orderId: string): Promise<{ start: Date; end: Date; startupsUsed: number } | undefined> {
    const [row] = await this.subscriptions.query(
      `SELECT "currentPeriodStart" AS start, "currentPeriodEnd" AS end, "vipStartupsUsed" AS "startupsUsed"
         FROM subscriptions WHERE "orderId" = $1`,
      [orderId],
    );
    return row;
  }

  async vipStartupsLeft(userId: string): Promise<number> {
    const [row]: { left: number | null }[] = await this.subscriptions.query(
      `SELECT sum(GREATEST(0, p."vipStartupQuota" - s."vipStartupsUsed"))::int AS left
         FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND p."isVip" AND ${LIVE}`,
      [userId],
    );
    return row?.left ?? 0;
  }

  /** The user's latest period, with its plan's names, whether it has not ended and whether Stripe renews it. */
  async latest(
    userId: string,
  ): Promise<
    { name: string; nameEn: string; status: string; end: Date; live: boolean; renews: boolean } | undefined
  > {
    const [row] = await this.subscriptions.query(
      `SELECT p.name, p."nameEn", s.status, s."currentPeriodEnd" AS end, (${NOT_ENDED}) AS live,
              s."stripeSubscriptionId" IS NOT NULL AS renews
           FROM subscriptions s JOIN plans p ON p.id = s."planId"
          WHERE s."userId" = $1 AND s.status <> 'replaced' ORDER BY s."currentPeriodEnd" DESC LIMIT 1`,
      [userId],
    );
    return row;
  }

  /** The user's active periods that have not ended. */
  active(userId: string): Promise<{ id: string; stripe: string | null; end: Date }[]> {
    return this.subscriptions.query(
      `SELECT s.id, s."stripeSubscriptionId" AS stripe, s."currentPeriodEnd" AS end FROM subscriptions s
        WHERE s."userId" = $1 AND s.status = 'active' AND s."currentPeriodEnd" > now()`,
      [userId],
    );
  }

  /** `active → canceled`: access lasts until the period end, and nothing renews. */
  async cancel(ids: string[]): Promise<void> {
    await this.subscriptions.query(
      `UPDATE subscriptions SET status = 'canceled', "canceledAt" = now(), "updatedAt" = now()
        WHERE id = ANY($1) AND status = 'active'`,
      [ids],
    );
  }

  /** Periods that have ended become `expired`; answers how many. */
  async expireEnded(): Promise<number> {
    const expired = await updateReturning<{ id: string }>(
      this.subscriptions.manager,
      `UPDATE subscriptions SET status = 'expired', "updatedAt" = now()
        WHERE status IN ('active', 'canceled') AND "currentPeriodEnd" <= now() RETURNING id`,
    );
    return expired.length;
  }

  /**
   * Prepaid periods ending within 3 days whose user has not renewed, marked reminded (each once). A Stripe
   * subscription renews by itself.
   */
  remindEnding(): Promise<EndingPeriod[]> {
    return updateReturning<EndingPeriod>(
      this.subscriptions.manager,
      `UPDATE subscriptions s SET "reminderSentAt" = now() FROM plans p
        WHERE p.id = s."planId" AND s.status = 'active' AND s."reminderSentAt" IS NULL
          AND s."stripeSubscriptionId" IS NULL
          AND s."currentPeriodEnd" > now() AND s."currentPeriodEnd" <= now() + interval '3 days'
          -- a user who already renewed has a later period and needs no reminder
          AND NOT EXISTS (SELECT 1 FROM subscriptions later WHERE later."userId" = s."userId"
                            AND later."currentPeriodEnd" > s."currentPeriodEnd" AND later.status = 'active')
        RETURNING s."userId", p.id AS "planId", p.name, p."nameEn", s."currentPeriodEnd" AS end`,
    );
  }

  /**
   * When the user's live periods end (null: none), and the database's clock: a period starting now has started for
   * every query after this one, whatever the API's clock says.
   */
  async liveUntil(
    userId: string,
    tx: Tx = this.subscriptions.manager,
  ): Promise<{ liveUntil: Date | null; now: Date }> {
    const [row] = await tx.query(
      `SELECT max("currentPeriodEnd") AS "liveUntil", now() AS now FROM subscriptions
        WHERE "userId" = $1 AND status IN ('active', 'canceled') AND "currentPeriodEnd" > now()`,
      [userId],
    );
    return row;
  }

  async start(tx: Tx, period: DeepPartial<Subscription>): Promise<void> {
    await tx.insert(Subscription, { ...period, status: 'active' });
  }

  /** One change of the user's periods at a time, to the end of the caller's transaction (periods follow on). */
  async lockPeriodsOf(tx: Tx, userId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`periods:${userId}`]);
  }

  /** The user's live periods, with the order that paid each and its plan's prices. */
  creditable(userId: string, tx: Tx = this.subscriptions.manager): Promise<CreditablePeriod[]> {
    return tx.query(
      `SELECT s.id, s."currentPeriodStart" AS start, s."currentPeriodEnd" AS end,
              o.amount + o."creditApplied" AS paid, o.currency, p."priceCny", p."priceUsd",
              s."stripeSubscriptionId"
         FROM subscriptions s JOIN plans p ON p.id = s."planId" JOIN orders o ON o.id = s."orderId"
        WHERE s."userId" = $1 AND ${LIVE}`,
      [userId],
    );
  }

  /** Live periods end early, replaced by the upgrade that credited their unused days. */
  async replace(tx: Tx, ids: string[], orderId: string): Promise<void> {
    await tx.query(
      `UPDATE subscriptions SET status = 'replaced', "replacedByOrderId" = $2, "updatedAt" = now()
        WHERE id = ANY($1) AND status IN ('active', 'canceled')`,
      [ids, orderId],
    );
  }

  /** The refunded order's period ends now (or when it already ended); those it replaced are live again. */
  async endOf(tx: Tx, orderId: string): Promise<void> {
    await tx.update(
      Subscription,
      { orderId },
      { status: 'expired', currentPeriodEnd: () => 'LEAST("currentPeriodEnd", now())' },
    );
    await tx.query(
      `UPDATE subscriptions SET status = CASE WHEN "canceledAt" IS NULL THEN 'active' ELSE 'canceled' END,
              "replacedByOrderId" = NULL, "updatedAt" = now()
        WHERE "replacedByOrderId" = $1 AND status = 'replaced'`,
      [orderId],
    );
  }

  /**
   * The user's prepaid periods still to come follow one another, each as long as it was bought, from the end of the
   * live ones (or now): moved up after a refund, pushed back behind an upgrade. Stripe's periods follow Stripe.
   */
  async resequence(tx: Tx, userId: string): Promise<void> {
    const [{ anchor }]: { anchor: Date }[] = await tx.query(
      `SELECT GREATEST(now(), max("currentPeriodEnd")) AS anchor FROM subscriptions
        WHERE "userId" = $1 AND status IN ('active', 'canceled') AND "currentPeriodStart" <= now()`,
      [userId],
    );
    const coming: { id: string; start: Date; end: Date }[] = await tx.query(
      `SELECT id, "currentPeriodStart" AS start, "currentPeriodEnd" AS end FROM subscriptions
        WHERE "userId" = $1 AND status IN ('active', 'canceled') AND "currentPeriodStart" > now()
          AND "stripeSubscriptionId" IS NULL
        ORDER BY "currentPeriodStart", "createdAt"`,
      [userId],
    );
    let start = anchor.getTime();
    for (const period of coming) {
      const end = start + (period.end.getTime() - period.start.getTime());
      if (start !== period.start.getTime())
        await tx.query(
          `UPDATE subscriptions SET "currentPeriodStart" = $2, "currentPeriodEnd" = $3, "updatedAt" = now()
            WHERE id = $1`,
          [period.id, new Date(start), new Date(end)],
        );
      start = end;
    }
  }

  /** Stripe events arrive in any order: a change applies only when its event is not older than the last applied. */
  async applyStripeChange(
    tx: Tx,
    stripeSubscriptionId: string,
    created: number,
    changes: Pick<Subscription, 'status'> & Partial<Pick<Subscription, 'currentPeriodEnd'>>,
  ): Promise<void> {
    await tx
      .createQueryBuilder()
      .update(Subscription)
      .set({ ...changes, stripeEventCreated: String(created) })
      .where('"stripeSubscriptionId" = :id', { id: stripeSubscriptionId })
      .andWhere('("stripeEventCreated" IS NULL OR "stripeEventCreated" <= :created)', { created })
      .execute();
  }
}
