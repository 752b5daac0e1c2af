import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  CatalogueItem,
  ErrorCode,
  formatMoney,
  ONE_TIME_PERIODS,
  Role,
  type Language,
  type PaywallBody,
  type PlanResponse,
} from '@think-tank/contracts';
import type Redis from 'ioredis';
import { DAILY_VIEWS_SECONDS, dailyViewsKey, TAKE_DAILY_VIEW } from './daily-views';
import { teaserOf } from './teaser';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { REDIS } from '../../core/redis/redis.provider';
import { BillingService, toPlanResponse, SubscriptionsService, type SubscriptionAccess } from '../billing';
import { PaywallMessage } from './paywall.messages';

const UNLIMITED_ROLES: readonly string[] = [Role.Admin, Role.Support, Role.Vip];

/** Who may read which solution (contract §4), and what the refused are offered. */
/** What the paywall reads of a solution: its id, its name and the start of its document (TEASER_SCANNED). */
export interface DocumentHead {
  id: string;
  projectName: string;
  head: string;
}

@Injectable()
export class PaywallService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly billing: BillingService,
    private readonly subscriptions: SubscriptionsService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Passes when the user may read the solution; throws the 402/403 paywall otherwise. The rules, in order. Only
   * the document's head is needed (its teaser, for a refusal).
   */
  async authorizeView(
    user: { id: string; role: Role; isPaid: boolean },
    solution: DocumentHead,
    lang: Language,
  ): Promise<void> {
    if (UNLIMITED_ROLES.includes(user.role)) return;
    if (await this.billing.hasViewGrant(user.id, solution.id)) return;
    // A live VIP plan, or one without a daily limit, reads without limit, as the vip role.
    const access = await this.subscriptions.access(user);
    if (access.vip || access.dailyViewLimit === null) return;
    if (access.paid) {
      const limit = access.dailyViewLimit ?? this.config.paidDailyViewLimit;
      if (await this.takeDailyView(user.id, solution.id, limit)) return;
      // The isPaid flag answered without asking for plans (the hot path): a plan bought since may give more.
      const plans = user.isPaid ? await this.subscriptions.planAccess(user.id) : access;
      if (plans.vip || plans.dailyViewLimit === null) return;
      const more = plans.dailyViewLimit ?? 0;
      if (more > limit && (await this.takeDailyView(user.id, solution.id, more))) return;
      throw await this.paywall(HttpStatus.FORBIDDEN, solution, lang, Math.max(limit, more));
    }
    throw await this.paywall(HttpStatus.PAYMENT_REQUIRED, solution, lang);
  }

  /**
   * How many distinct solutions a paid reader may open today, and how many they have left: unknown (null) while
   * Redis, which counts them, is away (the account's own answer does not need it).
   */
  async dailyViews(
    userId: string,
    access: SubscriptionAccess,
  ): Promise<{ limit: number; left: number | null }> {
    const limit = access.dailyViewLimit ?? this.config.paidDailyViewLimit;
    const taken = await this.redis.scard(dailyViewsKey(userId)).catch(() => null);
    return { limit, left: taken === null ? null : Math.max(0, limit - taken) };
  }

  private async takeDailyView(userId: string, solutionId: string, limit: number): Promise<boolean> {
    const ok = await this.redis.eval(
      TAKE_DAILY_VIEW,
      1,
      dailyViewsKey(userId),
      solutionId,
      limit,
      DAILY_VIEWS_SECONDS,
    );
    return ok === 1;
  }

  private vipApplication(vip: PlanResponse, lang: Language): PaywallBody['vipApplicationInfo'] {
    return {
      planName: vip.planName,
      // What the plan gives, as its entitlements say (its benefits say whom it is for).
      benefits: vip.features,
      displayPrice: vip.displayPrice,
      message: PaywallMessage.vipMessage[lang],
    };
  }

  private async paywall(
    status: 402 | 403,
    solution: DocumentHead,
    lang: Language,
    /** The reader's daily limit, when it is what refused them. */
    limit = this.config.paidDailyViewLimit,
  ): Promise<AppError> {
    const plans = (await this.billing.listPlans()).filter((p) => p.isValid);
    const forSale = plans.filter((p) => p.periodType !== 'custom');
    const subscriptions = forSale.filter((p) => !p.isVip && !ONE_TIME_PERIODS.includes(p.periodType));
    // What lifts the daily limit and can be bought at once (contract §11): a plan without one, or with more.
    const lifting = forSale.filter((p) => p.isVip || p.dailyViewLimit === null || p.dailyViewLimit > limit);
    const vip = plans.find((p) => p.isVip);
    const view = CatalogueItem.singleSolutionView;
    const limitReached = status === HttpStatus.FORBIDDEN;
    const extra: Omit<PaywallBody, 'statusCode' | 'code' | 'error' | 'message'> = {
      notice: limitReached
        ? PaywallMessage.limitNotice[lang].replace('{{limit}}', String(limit))
        : PaywallMessage.paymentNotice[lang],
      solutionName: solution.projectName,
      solutionId: solution.id,
      // What the reader would get: the document's first lines as plain text, shown above the offers.
      teaser: teaserOf(solution.head),
      preferChinesePayments: lang === 'zh',
      payPerViewOption: {
        description: PaywallMessage.payPerView[lang],
        priceDisplay: formatMoney(view.price),
        priceInfo: { ...view.price },
        itemId: view.id,
      },
      // A free reader is offered the plans; a paid one at the daily limit, the plans that lift it (another plan
      // of the same limit would not).
      subscriptionOptions: limitReached ? [] : subscriptions.map((p) => toPlanResponse(p, lang)),
      upgradeOptions: limitReached ? lifting.map((p) => toPlanResponse(p, lang)) : [],
      subscriptionOptionsTitle: PaywallMessage.subscriptionTitle[lang],
      upgradeOptionsTitle: PaywallMessage.upgradeTitle[lang],
      vipApplicationInfo: vip ? this.vipApplication(toPlanResponse(vip, lang), lang) : null,
    };
    return new AppError(
      limitReached ? ErrorCode.PAID_USER_DAILY_LIMIT_REACHED : ErrorCode.PAYMENT_REQUIRED_FOR_VIEW,
      extra,
    );
  }
}
