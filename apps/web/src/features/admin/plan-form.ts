/**
 * The admin plan form: what is typed (yuan, dollars, entitlements, one benefit per line) and the PlanInput the API
 * takes. A plan's features are written from its entitlements (planFeatures), never typed.
 */
import { PeriodType, majorUnits, type AdminPlan, type PlanInput } from '@think-tank/contracts';

/** The form's texts: prices in yuan and dollars as typed, lists one entry per line. */
export type PlanForm = {
  code: string;
  name: string;
  nameEn: string;
  priceCny: string;
  priceUsd: string;
  periodType: PeriodType;
  tier: string;
  sortOrder: string;
  isVip: boolean;
  vipStartupQuota: string;
  isValid: boolean;
  popular: boolean;
  /** Distinct solutions a day; empty: unlimited. */
  dailyViewLimit: string;
  stageFeeDiscount: string;
  favouritesAndHistory: boolean;
  benefits: string;
  benefitsEn: string;
  stripePriceId: string;
  alipayProductCode: string;
};
export type ListKey = 'benefits' | 'benefitsEn';
export const LISTS: ListKey[] = ['benefits', 'benefitsEn'];

export const NEW_PLAN: PlanForm = {
  code: '',
  name: '',
  nameEn: '',
  priceCny: '',
  priceUsd: '',
  periodType: PeriodType.monthly,
  tier: '1',
  sortOrder: '100',
  isVip: false,
  vipStartupQuota: '0',
  isValid: false,
  popular: false,
  dailyViewLimit: '20',
  stageFeeDiscount: '0',
  favouritesAndHistory: false,
  benefits: '',
  benefitsEn: '',
  stripePriceId: '',
  alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
};

export const toForm = ({ features: _shown, featuresEn: _shownEn, ...p }: AdminPlan): PlanForm => ({
  ...p,
  dailyViewLimit: p.dailyViewLimit === null ? '' : String(p.dailyViewLimit),
  stageFeeDiscount: String(p.stageFeeDiscount),
  priceCny: majorUnits(p.priceCny),
  priceUsd: majorUnits(p.priceUsd),
  tier: String(p.tier),
  sortOrder: String(p.sortOrder),
  vipStartupQuota: String(p.vipStartupQuota ?? 0),
  benefits: p.benefits.join('\n'),
  benefitsEn: p.benefitsEn.join('\n'),
  stripePriceId: p.stripePriceId ?? '',
  alipayProductCode: p.alipayProductCode ?? '',
});

/** "39" or "39.9" or "39.90" yuan → 3990 fen; anything else is not a price. */
const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const minorUnits = (text: string) => Math.round(Number(text) * 100);
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export const toInput = (f: PlanForm): PlanInput => ({
  code: f.code.trim(),
  name: f.name.trim(),
  nameEn: f.nameEn.trim(),
  priceCny: minorUnits(f.priceCny),
  priceUsd: minorUnits(f.priceUsd),
  periodType: f.periodType,
  tier: Number(f.tier),
  sortOrder: Number(f.sortOrder),
  isVip: f.isVip,
  vipStartupQuota: f.isVip ? Number(f.vipStartupQuota) : 0,
  isValid: f.isValid,
  popular: f.popular,
  dailyViewLimit: f.dailyViewLimit.trim() ? Number(f.dailyViewLimit) : null,
  stageFeeDiscount: Number(f.stageFeeDiscount),
  favouritesAndHistory: f.favouritesAndHistory,
  ...(Object.fromEntries(LISTS.map((k) => [k, lines(f[k])])) as Record<ListKey, string[]>),
  stripePriceId: f.stripePriceId.trim() || null,
  alipayProductCode: f.alipayProductCode.trim() || null,
});

/** What is wrong with each field the browser's own checks do not cover. */
export function problems(
  f: PlanForm,
): Partial<Record<keyof PlanForm, 'code' | 'money' | 'whole' | 'required'>> {
  const whole = (v: string) => /^\d{1,5}$/.test(v.trim());
  return {
    ...(!/^[a-z0-9_]{2,64}$/.test(f.code.trim()) && { code: 'code' }),
    ...(!f.name.trim() && { name: 'required' }),
    ...(!f.nameEn.trim() && { nameEn: 'required' }),
    ...(!MONEY.test(f.priceCny.trim()) && { priceCny: 'money' }),
    ...(!MONEY.test(f.priceUsd.trim()) && { priceUsd: 'money' }),
    ...(!(whole(f.tier) && Number(f.tier) >= 1 && Number(f.tier) <= 100) && { tier: 'whole' }),
    ...(!(whole(f.sortOrder) && Number(f.sortOrder) <= 10_000) && { sortOrder: 'whole' }),
    ...(f.dailyViewLimit.trim() &&
      !(whole(f.dailyViewLimit) && Number(f.dailyViewLimit) >= 1 && Number(f.dailyViewLimit) <= 10_000) && {
        dailyViewLimit: 'whole',
      }),
    ...(!(whole(f.stageFeeDiscount) && Number(f.stageFeeDiscount) <= 100) && { stageFeeDiscount: 'whole' }),
    ...(f.isVip &&
      !(whole(f.vipStartupQuota) && Number(f.vipStartupQuota) <= 1000) && {
        vipStartupQuota: 'whole',
      }),
  };
}
