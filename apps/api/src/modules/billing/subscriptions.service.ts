import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Role,
  type CancelSubscriptionResponse,
  type Language,
  type SubscriptionResponse,
} from '@think-tank/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { updateReturning } from '../../core/database/update-returning';
import { AppError } from '../../core/errors/app-error';
import { Messages, NotificationsService } from '../notifications';
import { StripeGateway } from './gateways/stripe.gateway';

/** A period that has not ended and was not refunded, also after a cancel (contract §5), started or paid ahead. */
const NOT_ENDED = `s.status IN ('active', 'canceled') AND s."currentPeriodEnd" > now()`;
/**
 * A period grants access, VIP and its start-up quota once it has started: a period paid ahead gives nothing before
 * its turn (its refund then takes all of it back, contract §11).
 */
const LIVE = `${NOT_ENDED} AND s."currentPeriodStart" <= now()`;

export interface SubscriptionAccess {
  /** A live period of any plan: the user counts as paid. */
  paid: boolean;
  /** A live period of the VIP plan: unlimited reading, as the vip role. */
  vip: boolean;
  /**
   * The most distinct solutions a day the live plans give; null: unlimited; absent: no plan says (the admin's
   * isPaid flag: PAID_DAILY_VIEW_LIMIT).
   */
  dailyViewLimit?: number | null;
}

@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly stripe: StripeGateway,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Whether the user counts as paid: the admin's `isPaid` flag or a live period. The flag answers without a
   * query (the view's hot path); only a subscription can make the user read as VIP.
   */
  async access(user: { id: string; isPaid: boolean }): Promise<SubscriptionAccess> {
    if (user.isPaid) return { paid: true, vip: false };
    return this.planAccess(user.id);
  }

  /** What the user's live plans give, whatever the admin's flag says. */
  async planAccess(userId: string): Promise<SubscriptionAccess> {
    const [row]: { vip: boolean; unlimited: boolean; limit: number | null }[] = await this.db.query(
      `SELECT bool_or(p."isVip") AS vip, bool_or(p."dailyViewLimit" IS NULL) AS unlimited,
              max(p."dailyViewLimit") AS limit
         FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND ${LIVE} GROUP BY s."userId"`,
      [userId],
    );
    if (!row) return { paid: false, vip: false };
    return { paid: true, vip: row.vip, dailyViewLimit: row.vip || row.unlimited ? null : row.limit };
  }

  /** The largest stage-fee discount (percent) the user's live plans give. */
  async stageFeeDiscount(userId: string): Promise<number> {
    const [row]: { discount: number | null }[] = await this.db.query(
      `SELECT max(p."stageFeeDiscount")::int AS discount FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND ${LIVE}`,
      [userId],
    );
    return row?.discount ?? 0;
  }

  /**
   * Who is VIP for the workshop and `/api/auth/me` (contract §10): the vip role (changed by support, at once) or a
   * live period of a VIP plan. The one rule; callers pass the user as the database has it now.
   */
  async isVip(user: { id: string; role: string }): Promise<boolean> {
    if (user.role === Role.Vip) return true;
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND p."isVip" AND ${LIVE} LIMIT 1`,
      [user.id],
    );
    return rows.length > 0;
  }

  /** Takes one start-up from a live VIP-plan period's quota, atomically; false when none is left. */
  async spendVipStartup(tx: EntityManager, userId: string): Promise<boolean> {
    const rows = await updateReturning(
      tx,
      `UPDATE subscriptions SET "vipStartupsUsed" = "vipStartupsUsed" + 1, "updatedAt" = now()
        WHERE id = (SELECT s.id FROM subscriptions s JOIN plans p ON p.id = s."planId"
                     WHERE s."userId" = $1 AND p."isVip" AND ${LIVE} AND s."vipStartupsUsed" < p."vipStartupQuota"
                     ORDER BY s."currentPeriodEnd" LIMIT 1 FOR UPDATE OF s)
        RETURNING 1`,
      [userId],
    );
    return rows.length === 1;
  }

  /** Start-ups left in the user's live VIP-plan periods. */
  async vipStartupsLeft(userId: string): Promise<number> {
    const [row]: { left: number | null }[] = await this.db.query(
      `SELECT sum(GREATEST(0, p."vipStartupQuota" - s."vipStartupsUsed"))::int AS left
         FROM subscriptions s JOIN plans p ON p.id = s."planId"
        WHERE s."userId" = $1 AND p."isVip" AND ${LIVE}`,
      [userId],
    );
    return row?.left ?? 0;
  }

  /** The user's latest period: the plan, and whether it renews, was cancelled or has ended. */
  async current(userId: string, lang: Language): Promise<SubscriptionResponse> {
    const [row]: {
      name: string;
      nameEn: string;
      status: string;
      end: Date;
      live: boolean;
      renews: boolean;
    }[] = await this.db.query(
      `SELECT p.name, p."nameEn", s.status, s."currentPeriodEnd" AS end, (${NOT_ENDED}) AS live,
              s."stripeSubscriptionId" IS NOT NULL AS renews
           FROM subscriptions s JOIN plans p ON p.id = s."planId"
          WHERE s."userId" = $1 ORDER BY s."currentPeriodEnd" DESC LIMIT 1`,
      [userId],
    );
    if (!row) return { planName: null, status: 'none', nextPaymentDate: null, currentPeriodEnd: null };
    const status = !row.live ? 'expired' : row.status === 'canceled' ? 'canceled' : 'active';
    return {
      planName: lang === 'zh' ? row.name : row.nameEn,
      status,
      // Only a Stripe subscription is charged at the period end; a prepaid one (Alipay, sandbox) just ends.
      nextPaymentDate: status === 'active' && row.renews ? row.end.toISOString() : null,
      currentPeriodEnd: row.end.toISOString(),
    };
  }

  /** Cancels at the period end: access lasts until then, and nothing renews. */
  async cancel(userId: string): Promise<CancelSubscriptionResponse> {
    const live: { id: string; stripe: string | null; end: Date }[] = await this.db.query(
      `SELECT s.id, s."stripeSubscriptionId" AS stripe, s."currentPeriodEnd" AS end FROM subscriptions s
        WHERE s."userId" = $1 AND s.status = 'active' AND s."currentPeriodEnd" > now()`,
      [userId],
    );
    if (live.length === 0) throw new AppError('NO_ACTIVE_SUBSCRIPTION');
    for (const s of live.filter((s) => s.stripe)) await this.stripe.cancelAtPeriodEnd(s.stripe!);
    await this.db.query(
      `UPDATE subscriptions SET status = 'canceled', "canceledAt" = now(), "updatedAt" = now()
        WHERE id = ANY($1) AND status = 'active'`,
      [live.map((s) => s.id)],
    );
    const end = new Date(Math.max(...live.map((s) => s.end.getTime())));
    await this.notifications.send([userId], Messages.subscriptionCanceled(end));
    return { status: 'canceled', currentPeriodEnd: end.toISOString() };
  }

  /**
   * The daily job: periods that have ended become `expired` (access already ended with the period), and
   * periods ending within 3 days are reminded once, by a message. Returns the users reminded.
   */
  async expireAndRemind(): Promise<{ expired: number; reminded: string[] }> {
    const expired = await updateReturning<{ id: string }>(
      this.db,
      `UPDATE subscriptions SET status = 'expired', "updatedAt" = now()
        WHERE status IN ('active', 'canceled') AND "currentPeriodEnd" <= now() RETURNING id`,
    );
    // A Stripe subscription renews by itself; a prepaid period is renewed by the user, after this reminder.
    const reminded = await updateReturning<{
      userId: string;
      planId: string;
      name: string;
      nameEn: string;
      end: Date;
    }>(
      this.db,
      `UPDATE subscriptions s SET "reminderSentAt" = now() FROM plans p
        WHERE p.id = s."planId" AND s.status = 'active' AND s."reminderSentAt" IS NULL
          AND s."stripeSubscriptionId" IS NULL
          AND s."currentPeriodEnd" > now() AND s."currentPeriodEnd" <= now() + interval '3 days'
          -- a user who already renewed has a later period and needs no reminder
          AND NOT EXISTS (SELECT 1 FROM subscriptions later WHERE later."userId" = s."userId"
                            AND later."currentPeriodEnd" > s."currentPeriodEnd" AND later.status = 'active')
        RETURNING s."userId", p.id AS "planId", p.name, p."nameEn", s."currentPeriodEnd" AS end`,
    );
    for (const r of reminded)
      await this.notifications.send(
        [r.userId],
        Messages.subscriptionEnding({ zh: r.name, en: r.nameEn }, r.end, r.planId),
      );
    if (expired.length || reminded.length)
      this.logger.log(`subscriptions: ${expired.length} expired, ${reminded.length} reminded`);
    return { expired: expired.length, reminded: reminded.map((r) => r.userId) };
  }
}
