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
import { BillingService, toPlanResponse, SubscriptionsService } from '../billing';
import { PaywallMessage } from './paywall.messages';

const UNLIMITED_ROLES: readonly string[] = [Role.Admin, Role.Support, Role.Vip];

/** Who may read which solution (contract §4), and what the refused are offered. */
@Injectable()
export class PaywallService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly billing: BillingService,
    private readonly subscriptions: SubscriptionsService,
    private readonly config: AppConfig,
  ) {}

  /** Passes when the user may read the solution; throws the 402/403 paywall otherwise. The rules, in order. */
  async authorizeView(
    user: { id: string; role: Role; isPaid: boolean },
    solution: { id: string; projectName: string; html: string },
    lang: Language,
  ): Promise<void> {
    if (UNLIMITED_ROLES.includes(user.role)) return;
    if (await this.billing.hasViewGrant(user.id, solution.id)) return;
    // A live VIP plan reads without limit, as the vip role.
    const access = await this.subscriptions.access(user);
    if (access.vip) return;
    if (access.paid) {
      if (await this.takeDailyView(user.id, solution.id)) return;
      // The isPaid flag answered without asking for plans (the hot path): a VIP plan bought since lifts the limit.
      if (user.isPaid && (await this.subscriptions.isVip(user))) return;
      throw await this.paywall(HttpStatus.FORBIDDEN, solution, lang);
    }
    throw await this.paywall(HttpStatus.PAYMENT_REQUIRED, solution, lang);
  }

  /** How many distinct solutions the user has opened today (what the daily limit counts). */
  dailyViewsTaken(userId: string): Promise<number> {
    return this.redis.scard(dailyViewsKey(userId));
  }

  private async takeDailyView(userId: string, solutionId: string): Promise<boolean> {
    const ok = await this.redis.eval(
      TAKE_DAILY_VIEW,
      1,
      dailyViewsKey(userId),
      solutionId,
      this.config.paidDailyViewLimit,
      DAILY_VIEWS_SECONDS,
    );
    return ok === 1;
  }

  private vipApplication(vip: PlanResponse, lang: Language): PaywallBody['vipApplicationInfo'] {
    return {
      planName: vip.planName,
      benefits: vip.benefits,
      displayPrice: vip.displayPrice,
      message: PaywallMessage.vipMessage[lang],
    };
  }

  private async paywall(
    status: 402 | 403,
    solution: { id: string; projectName: string; html: string },
    lang: Language,
  ): Promise<AppError> {
    const plans = (await this.billing.listPlans()).filter((p) => p.isValid);
    const forSale = plans.filter((p) => p.periodType !== 'custom');
    const subscriptions = forSale.filter((p) => !p.isVip && !ONE_TIME_PERIODS.includes(p.periodType));
    // What lifts the daily limit and can be bought at once: a VIP plan reads without limit (contract §11).
    const unlimited = forSale.filter((p) => p.isVip);
    const vip = plans.find((p) => p.isVip);
    const view = CatalogueItem.singleSolutionView;
    const limitReached = status === HttpStatus.FORBIDDEN;
    const extra: Omit<PaywallBody, 'statusCode' | 'code' | 'error' | 'message'> = {
      notice: limitReached
        ? PaywallMessage.limitNotice[lang].replace('{{limit}}', String(this.config.paidDailyViewLimit))
        : PaywallMessage.paymentNotice[lang],
      solutionName: solution.projectName,
      solutionId: solution.id,
      // What the reader would get: the document's first lines as plain text, shown above the offers.
      teaser: teaserOf(solution.html),
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
      upgradeOptions: limitReached ? unlimited.map((p) => toPlanResponse(p, lang)) : [],
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
