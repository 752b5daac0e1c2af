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
import { teaserOf } from './teaser';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { REDIS } from '../../core/redis/redis.provider';
import { BillingService, toPlanResponse, SubscriptionsService } from '../billing';
import { PaywallMessage } from './paywall.messages';

const UNLIMITED_ROLES: readonly string[] = [Role.Admin, Role.Support, Role.Vip];
const DAY_SECONDS = 24 * 3600;

/**
 * Counts a solution among the user's distinct views of the day, atomically: true when it was already counted
 * or there was room, false when the limit is reached. With one view left, concurrent requests for new
 * solutions let exactly one through.
 */
const TAKE_DAILY_VIEW = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;

/** The calendar day in Asia/Shanghai, when the daily limit resets. */
export function shanghaiDay(at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
}

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
      throw await this.paywall(HttpStatus.FORBIDDEN, solution, lang);
    }
    throw await this.paywall(HttpStatus.PAYMENT_REQUIRED, solution, lang);
  }

  private async takeDailyView(userId: string, solutionId: string): Promise<boolean> {
    const key = `views:${userId}:${shanghaiDay()}`;
    const ok = await this.redis.eval(
      TAKE_DAILY_VIEW,
      1,
      key,
      solutionId,
      this.config.paidDailyViewLimit,
      2 * DAY_SECONDS,
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
    const subscriptions = plans.filter(
      (p) => !p.isVip && !ONE_TIME_PERIODS.includes(p.periodType) && p.periodType !== 'custom',
    );
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
      // A free reader is offered the plans; a paid one at the daily limit, the plans above the first tier.
      subscriptionOptions: limitReached ? [] : subscriptions.map((p) => toPlanResponse(p, lang)),
      upgradeOptions: limitReached
        ? subscriptions.filter((p) => p.tier > 1).map((p) => toPlanResponse(p, lang))
        : [],
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
