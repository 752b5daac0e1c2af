import {
  currencyFor,
  formatMoney,
  planFeatures,
  type Language,
  type PlanResponse,
} from '@think-tank/contracts';
import type { Plan } from './entities/plan.entity';

const PERIOD_SUFFIX: Record<Language, Partial<Record<string, string>>> = {
  zh: { daily: '/天', weekly: '/周', monthly: '/月', quarterly: '/季', yearly: '/年' },
  en: { daily: ' / day', weekly: ' / week', monthly: ' / month', quarterly: ' / quarter', yearly: ' / year' },
};

const CUSTOM_PRICE: Record<Language, string> = { zh: '价格面议', en: 'Price on request' };

/** A plan as clients see it, in the reader's language and currency. */
export function toPlanResponse(plan: Plan, lang: Language): PlanResponse {
  const currency = currencyFor(lang);
  const priceInfo = { amount: currency === 'CNY' ? plan.priceCny : plan.priceUsd, currency };
  const name = lang === 'zh' ? plan.name : plan.nameEn;
  return {
    id: plan.id,
    name,
    planName: name,
    // A custom plan is priced per customer: it shows no number.
    displayPrice:
      plan.periodType === 'custom'
        ? CUSTOM_PRICE[lang]
        : `${formatMoney(priceInfo)}${PERIOD_SUFFIX[lang][plan.periodType] ?? ''}`,
    priceInfo,
    walletPriceInfo: { amount: plan.priceCny, currency: 'CNY' },
    features: planFeatures(plan, lang),
    benefits: lang === 'zh' ? plan.benefits : plan.benefitsEn,
    isValid: plan.isValid,
    periodType: plan.periodType,
    stripePriceId: plan.stripePriceId,
    alipayProductCode: plan.alipayProductCode,
    popular: plan.popular,
  };
}
