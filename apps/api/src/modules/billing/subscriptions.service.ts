import { Injectable, Logger } from '@nestjs/common';
import {
  Role,
  type CancelSubscriptionResponse,
  type Language,
  type SubscriptionResponse,
} from '@think-tank/contracts';
import type { Tx } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { Messages, NotificationsService } from '../notifications';
import { StripeGateway } from './gateways/stripe.gateway';
import { SubscriptionsRepository } from './subscriptions.repository';

/** What the user's plans give in the workshop, and the plan order that gives it (null: the role, or nothing). */
export interface WorkshopTerms {
  vip: boolean;
  discount: number;
  grantedBy: string | null;
}

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
    private readonly subscriptions: SubscriptionsRepository,
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
    const row = await this.subscriptions.liveGrants(userId);
    if (!row) return { paid: false, vip: false };
    return { paid: true, vip: row.vip, dailyViewLimit: row.vip || row.unlimited ? null : row.limit };
  }

  /**
   * Who is VIP for the workshop and `/api/auth/me` (contract §10): the vip role (changed by support, at once) or a
   * live period of a VIP plan. The one rule; callers pass the user as the database has it now.
   */
  async isVip(user: { id: string; role: string }): Promise<boolean> {
    if (user.role === Role.Vip) return true;
    return this.subscriptions.hasLiveVip(user.id);
  }

  /**
   * Takes one start-up from a live VIP-plan period's quota, atomically; answers the plan order it was taken from
   * (whose refund takes it back), or null when none is left.
   */
  spendVipStartup(tx: Tx, userId: string): Promise<string | null> {
    return this.subscriptions.spendVipStartup(tx, userId);
  }

  /**
   * What the user has in the workshop now (contract §10 VIP, §11 discounts): VIP (no stage fees) by the role or a
   * live VIP plan, else the largest stage-fee discount of the live plans; and the plan order that gives it, whose
   * refund takes back what it waived (contract §12). The role's VIP is the support's, no order's.
   */
  async workshopTerms(user: { id: string; role: string }): Promise<WorkshopTerms> {
    if (user.role === Role.Vip) return { vip: true, discount: 0, grantedBy: null };
    const best = await this.subscriptions.bestWorkshopPeriod(user.id);
    if (!best) return { vip: false, discount: 0, grantedBy: null };
    if (best.isVip) return { vip: true, discount: 0, grantedBy: best.orderId };
    return {
      vip: false,
      discount: best.stageFeeDiscount,
      grantedBy: best.stageFeeDiscount > 0 ? best.orderId : null,
    };
  }

  /** The period a plan order paid for: its days, and the start-ups taken from its quota. */
  periodOf(orderId: string): Promise<{ start: Date; end: Date; startupsUsed: number } | undefined> {
    return this.subscriptions.periodOf(orderId);
  }

  /** Start-ups left in the user's live VIP-plan periods. */
  vipStartupsLeft(userId: string): Promise<number> {
    return this.subscriptions.vipStartupsLeft(userId);
  }

  /** The user's latest period: the plan, and whether it renews, was cancelled or has ended. */
  async current(userId: string, lang: Language): Promise<SubscriptionResponse> {
    const row = await this.subscriptions.latest(userId);
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
    const live = await this.subscriptions.active(userId);
    if (live.length === 0) throw new AppError('NO_ACTIVE_SUBSCRIPTION');
    for (const s of live.filter((s) => s.stripe)) await this.stripe.cancelAtPeriodEnd(s.stripe!);
    await this.subscriptions.cancel(live.map((s) => s.id));
    const end = new Date(Math.max(...live.map((s) => s.end.getTime())));
    await this.notifications.send([userId], Messages.subscriptionCanceled(end));
    return { status: 'canceled', currentPeriodEnd: end.toISOString() };
  }

  /**
   * The daily job: periods that have ended become `expired` (access already ended with the period), and
   * periods ending within 3 days are reminded once, by a message. Returns the users reminded.
   */
  async expireAndRemind(): Promise<{ expired: number; reminded: string[] }> {
    const expired = await this.subscriptions.expireEnded();
    const reminded = await this.subscriptions.remindEnding();
    for (const r of reminded)
      await this.notifications.send(
        [r.userId],
        Messages.subscriptionEnding({ zh: r.name, en: r.nameEn }, r.end, r.planId),
      );
    if (expired || reminded.length)
      this.logger.log(`subscriptions: ${expired} expired, ${reminded.length} reminded`);
    return { expired, reminded: reminded.map((r) => r.userId) };
  }
}
