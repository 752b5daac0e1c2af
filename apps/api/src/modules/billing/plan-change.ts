import type { Currency, PaymentGateway } from '@think-tank/contracts';
import type { Plan } from './entities/plan.entity';
import type { CreditablePeriod, LiveGrants } from './subscriptions.repository';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Whether the plan lifts a limit the buyer's live plans have (contract §12): VIP over a plan without it, or more
 * solutions a day. With nothing live there is nothing to lift (the plan starts now anyway).
 */
export function liftsLimit(
  plan: Pick<Plan, 'isVip' | 'dailyViewLimit'>,
  live: LiveGrants | undefined,
): boolean {
  if (!live) return false;
  if (plan.isVip && !live.vip) return true;
  if (live.vip || live.unlimited) return false;
  return plan.dailyViewLimit === null || plan.dailyViewLimit > (live.limit ?? 0);
}

/**
 * What the unused days of the live periods are worth in `currency`, rounded down to the minor unit: each period's
 * price times its unused days over its days, a day begun counting as unused (the buyer's favour). A period paid in
 * another currency is worth its plan's price in this one.
 */
export function unusedValue(periods: CreditablePeriod[], currency: Currency, now: Date): number {
  let credit = 0;
  for (const p of periods) {
    const days = Math.max(1, Math.round((p.end.getTime() - p.start.getTime()) / DAY_MS));
    const unused = Math.min(days, Math.max(0, Math.ceil((p.end.getTime() - now.getTime()) / DAY_MS)));
    const value = p.currency === currency ? p.paid : currency === 'CNY' ? p.priceCny : p.priceUsd;
    credit += Math.floor((value * unused) / days);
  }
  return credit;
}

/** The least a gateway takes for one payment: Stripe's minimum charge, a fen or a cent elsewhere. */
export function minimumCharge(gateway: PaymentGateway, currency: Currency): number {
  if (gateway !== 'stripe') return 1;
  return currency === 'CNY' ? 400 : 50;
}
