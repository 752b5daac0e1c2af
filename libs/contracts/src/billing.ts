import type { Language } from './i18n';
/** Plans and the catalogue (contract §5–6, customer-area §3). Money is in minor units. */
export type Currency = 'CNY' | 'USD';

/** Chinese readers pay in CNY, everyone else in USD (contract §6): one rule for the server and every client. */
export const currencyFor = (lang: Language): Currency => (lang === 'zh' ? 'CNY' : 'USD');

export const PeriodType = {
  oneTime: 'one_time',
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  quarterly: 'quarterly',
  yearly: 'yearly',
  custom: 'custom',
} as const;
export type PeriodType = (typeof PeriodType)[keyof typeof PeriodType];

/** periodType values that mean a one-time purchase rather than a subscription (customer-area §5). */
export const ONE_TIME_PERIODS: readonly string[] = ['one-time', 'one_time', 'one_time_product'];

export interface PriceInfo {
  amount: number;
  currency: Currency;
}

export interface PlanResponse {
  id: string;
  name: string;
  planName: string;
  displayPrice: string;
  /** The price in the reader's currency: what a card charges (CNY for Chinese readers, USD otherwise). */
  priceInfo: PriceInfo;
  /** What a wallet charges (Alipay, WeChat Pay, the sandbox standing in for them): always CNY (contract §11). */
  walletPriceInfo: PriceInfo;
  features: string[];
  benefits: string[];
  isValid: boolean;
  periodType: PeriodType;
  stripePriceId: string | null;
  alipayProductCode: string | null;
  popular: boolean;
}

/** Catalogue items sold outside plans (contract §6). */
export const CatalogueItem = {
  singleSolutionView: {
    id: 'single_solution_view',
    price: { amount: 500, currency: 'CNY' },
    days: 30,
    isValid: true,
  },
  demandStartup: { id: 'demand_startup', price: { amount: 2900, currency: 'CNY' }, isValid: true },
  consultationOnce: { id: 'consultation_once', price: { amount: 5000, currency: 'USD' }, isValid: false },
} as const;

/** Minor units as a decimal of major units with two places: 3900 → "39.00" (Alipay's total_amount too). */
export const majorUnits = (amount: number): string => (amount / 100).toFixed(2);

/** ¥39.00 / $6.00: amounts divided by 100 with two decimals, ¥ for CNY (customer-area §9). */
export function formatMoney({ amount, currency }: PriceInfo): string {
  return `${currency === 'CNY' ? '¥' : '$'}${majorUnits(amount)}`;
}

/** A plan as support staff edit it: both languages and both currencies (contract §9). */
/**
 * What a plan gives, as the product enforces it (contract §11). Its `features` lines are written from these, in the
 * reader's language (planFeatures): no plan can list what the product does not do.
 */
export interface PlanEntitlements {
  /** Distinct solutions a subscriber may open a day; null: unlimited. */
  dailyViewLimit: number | null;
  /** Percent off workshop stage fees (0–100), applied to the stage's priced snapshot. */
  stageFeeDiscount: number;
  /** VIP in the workshop: stage fees waived, and `vipStartupQuota` start-ups per period. */
  isVip: boolean;
  /** Workshop start-ups without the fee per period of a VIP plan (0 when absent). */
  vipStartupQuota?: number;
  /** Favourites and history. */
  favouritesAndHistory: boolean;
}

const percentOff = (discount: number) => {
  // 10 % off is 9 折, 15 % off 8.5 折: the way Chinese prices say it.
  const zhe = (100 - discount) / 10;
  return { zh: `${zhe} 折`, en: `${discount}% off` };
};

/** A plan's features as the reader reads them, written from its entitlements and nothing else. */
export function planFeatures(e: PlanEntitlements, lang: 'zh' | 'en'): string[] {
  const zh = lang === 'zh';
  const lines: string[] = [];
  lines.push(
    e.dailyViewLimit === null
      ? zh
        ? '不限量阅读方案全文'
        : 'Unlimited solutions, in full'
      : zh
        ? `每天可阅读 ${e.dailyViewLimit} 个方案全文`
        : `${e.dailyViewLimit} solutions a day, in full`,
  );
  if (e.isVip) lines.push(zh ? '需求工坊阶段费用全免' : 'No workshop stage fees');
  else if (e.stageFeeDiscount > 0)
    lines.push(
      zh
        ? `需求工坊阶段费用 ${percentOff(e.stageFeeDiscount).zh}`
        : `${percentOff(e.stageFeeDiscount).en} workshop stage fees`,
    );
  if (e.isVip && (e.vipStartupQuota ?? 0) > 0)
    lines.push(
      zh
        ? `每期 ${e.vipStartupQuota} 次免费启动需求`
        : `${e.vipStartupQuota} free demand start-ups each period`,
    );
  if (e.favouritesAndHistory) lines.push(zh ? '收藏与历史记录' : 'Favourites and history');
  return lines;
}

export interface PlanInput extends PlanEntitlements {
  code: string;
  name: string;
  nameEn: string;
  benefits: string[];
  benefitsEn: string[];
  priceCny: number;
  priceUsd: number;
  periodType: PeriodType;
  tier: number;
  isValid: boolean;
  popular: boolean;
  stripePriceId: string | null;
  alipayProductCode: string | null;
  sortOrder: number;
}

export interface AdminPlan extends PlanInput {
  id: string;
  /** What buyers read, written from the entitlements (read-only). */
  features: string[];
  featuresEn: string[];
  createdAt: string;
  updatedAt: string;
}
