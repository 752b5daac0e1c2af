import { ONE_TIME_PERIODS, type PlanResponse, type PriceInfo } from '@think-tank/contracts';

/** The navigation state the checkout receives (customer-area §2). */
export interface CheckoutState {
  planId?: string;
  planName?: string;
  priceInfo?: PriceInfo;
  /** What a wallet charges for it (always CNY): shown when the wallet is picked, in either language. */
  walletPriceInfo?: PriceInfo;
  displayPrice?: string;
  paymentType?: 'subscription' | 'one-time' | 'one_time';
  successRedirectPath?: string;
  from?: string;
  isUpgrade?: boolean;
  /** The solution a single view unlocks. */
  solutionId?: string;
}

/** periodType one-time, one_time or one_time_product is a one-time purchase; anything else a subscription. */
export function checkoutStateFor(plan: PlanResponse, from: string, isUpgrade = false): CheckoutState {
  return {
    planId: plan.id,
    planName: plan.planName,
    priceInfo: plan.priceInfo,
    walletPriceInfo: plan.walletPriceInfo,
    displayPrice: plan.displayPrice,
    paymentType: ONE_TIME_PERIODS.includes(plan.periodType) ? 'one-time' : 'subscription',
    from,
    isUpgrade,
  };
}
