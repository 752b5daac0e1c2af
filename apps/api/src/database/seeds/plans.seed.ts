import type { DataSource } from 'typeorm';
import { Plan } from '../../modules/billing/entities/plan.entity';

// A plan's workshop start-up quota is 0 unless it says otherwise (only the VIP plan does). Its features are
// written from its entitlements (planFeatures), so a seed states entitlements, never feature lines.
type PlanSeed = Omit<Plan, 'id' | 'createdAt' | 'updatedAt' | 'vipStartupQuota' | 'features' | 'featuresEn'> &
  Partial<Pick<Plan, 'vipStartupQuota'>>;

/** The first catalogue of plans, for development and production alike; admins change it in /admin. */
export const PLAN_SEED: PlanSeed[] = [
  {
    code: 'basic_monthly',
    name: '基础版（月付）',
    nameEn: 'Basic (monthly)',
    priceCny: 3900,
    priceUsd: 600,
    periodType: 'monthly',
    tier: 1,
    isVip: false,
    isValid: true,
    popular: false,
    stripePriceId: null,
    alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
    sortOrder: 10,
    dailyViewLimit: 20,
    stageFeeDiscount: 0,
    favouritesAndHistory: false,
    benefits: ['适合个人调研'],
    benefitsEn: ['For individual research'],
  },
  {
    code: 'pro_monthly',
    name: '专业版（月付）',
    nameEn: 'Professional (monthly)',
    priceCny: 9900,
    priceUsd: 1500,
    periodType: 'monthly',
    tier: 2,
    isVip: false,
    isValid: true,
    popular: true,
    stripePriceId: null,
    alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
    sortOrder: 20,
    dailyViewLimit: 20,
    stageFeeDiscount: 10,
    favouritesAndHistory: false,
    benefits: ['适合业务团队'],
    benefitsEn: ['For business teams'],
  },
  {
    code: 'pro_quarterly',
    name: '专业版（季付）',
    nameEn: 'Professional (quarterly)',
    priceCny: 26900,
    priceUsd: 3900,
    periodType: 'quarterly',
    tier: 2,
    isVip: false,
    isValid: true,
    popular: false,
    stripePriceId: null,
    alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
    sortOrder: 25,
    dailyViewLimit: 20,
    stageFeeDiscount: 10,
    favouritesAndHistory: false,
    benefits: ['适合季度项目'],
    benefitsEn: ['For quarterly projects'],
  },
  {
    code: 'pro_yearly',
    name: '专业版（年付）',
    nameEn: 'Professional (yearly)',
    priceCny: 99900,
    priceUsd: 14900,
    periodType: 'yearly',
    tier: 2,
    isVip: false,
    isValid: true,
    popular: false,
    stripePriceId: null,
    alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
    sortOrder: 30,
    dailyViewLimit: 20,
    stageFeeDiscount: 10,
    favouritesAndHistory: false,
    benefits: ['适合长期使用'],
    benefitsEn: ['For long-term use'],
  },
  {
    code: 'vip_yearly',
    name: 'VIP 会员（年付）',
    nameEn: 'VIP membership (yearly)',
    priceCny: 299900,
    priceUsd: 44900,
    periodType: 'yearly',
    tier: 3,
    isVip: true,
    vipStartupQuota: 3,
    isValid: true,
    popular: false,
    stripePriceId: null,
    alipayProductCode: null,
    sortOrder: 40,
    dailyViewLimit: null,
    stageFeeDiscount: 0,
    favouritesAndHistory: false,
    benefits: ['适合需要需求工坊的企业'],
    benefitsEn: ['For companies that use the workshop'],
  },
  {
    code: 'enterprise',
    name: '企业定制版',
    nameEn: 'Enterprise',
    priceCny: 0,
    priceUsd: 0,
    periodType: 'custom',
    tier: 4,
    isVip: false,
    isValid: false,
    popular: false,
    stripePriceId: null,
    alipayProductCode: null,
    sortOrder: 50,
    dailyViewLimit: null,
    stageFeeDiscount: 0,
    favouritesAndHistory: false,
    benefits: ['敬请期待'],
    benefitsEn: ['Coming soon'],
  },
];

/**
 * Inserts the catalogue while there is no plan at all, so that a second run, and every later release, keeps what
 * admins changed or deleted. Whether it inserted.
 */
export async function seedPlans(db: DataSource): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One seeding at a time: two releases migrating at once must not both find the table empty.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('think_tank:seed-plans'))`);
    if (await tx.getRepository(Plan).exists()) return false;
    await tx.getRepository(Plan).insert(PLAN_SEED);
    return true;
  });
}
