import { liftsLimit, minimumCharge, unusedValue } from './plan-change';
import type { CreditablePeriod } from './subscriptions.repository';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-06-01T00:00:00Z');
const period = (fields: Partial<CreditablePeriod>): CreditablePeriod => ({
  id: 'p',
  start: new Date(now.getTime() - 10 * DAY),
  end: new Date(now.getTime() + 20 * DAY),
  paid: 3000,
  currency: 'CNY',
  priceCny: 3000,
  priceUsd: 500,
  stripeSubscriptionId: null,
  ...fields,
});

describe('plan changes (contract §12)', () => {
  it('lifts only what the live plans limit: VIP over no VIP, more views a day, or none to count', () => {
    const limited = { vip: false, unlimited: false, limit: 20 };
    expect(liftsLimit({ isVip: true, dailyViewLimit: null }, limited)).toBe(true);
    expect(liftsLimit({ isVip: false, dailyViewLimit: null }, limited)).toBe(true);
    expect(liftsLimit({ isVip: false, dailyViewLimit: 50 }, limited)).toBe(true);
    expect(liftsLimit({ isVip: false, dailyViewLimit: 20 }, limited)).toBe(false);
    expect(liftsLimit({ isVip: false, dailyViewLimit: null }, { ...limited, unlimited: true })).toBe(false);
    expect(liftsLimit({ isVip: true, dailyViewLimit: null }, { ...limited, vip: true })).toBe(false);
    expect(liftsLimit({ isVip: true, dailyViewLimit: null }, undefined)).toBe(false);
  });

  it('credits the unused days, a day begun counting as unused, rounded down to the fen', () => {
    expect(unusedValue([period({})], 'CNY', now)).toBe(2000);
    // Half a day into the 21st day from the end: 20.5 days left count as 21.
    const later = new Date(now.getTime() - DAY / 2);
    expect(unusedValue([period({})], 'CNY', later)).toBe(2100);
    // 1/3 of 1000 fen: 333.33 → 333.
    expect(
      unusedValue(
        [
          period({
            paid: 1000,
            end: new Date(now.getTime() + 10 * DAY),
            start: new Date(now.getTime() - 20 * DAY),
          }),
        ],
        'CNY',
        now,
      ),
    ).toBe(333);
    // Paid in CNY, credited in USD at the plan's USD price.
    expect(unusedValue([period({})], 'USD', now)).toBe(333);
    expect(unusedValue([period({}), period({ paid: 6000 })], 'CNY', now)).toBe(6000);
    expect(unusedValue([period({ end: new Date(now.getTime() - DAY) })], 'CNY', now)).toBe(0);
  });

  it('keeps a charge the gateway takes', () => {
    expect(minimumCharge('stripe', 'USD')).toBe(50);
    expect(minimumCharge('stripe', 'CNY')).toBe(400);
    expect(minimumCharge('alipay', 'CNY')).toBe(1);
  });
});
