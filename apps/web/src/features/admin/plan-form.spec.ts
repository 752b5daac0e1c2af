import { describe, expect, it } from 'vitest';
import { NEW_PLAN, problems, toForm, toInput, type PlanForm } from './plan-form';

const typed: PlanForm = {
  ...NEW_PLAN,
  code: ' team_monthly ',
  name: '团队版',
  nameEn: 'Team',
  priceCny: '19.99',
  priceUsd: '0.1',
  benefits: ' 适合团队 \n\n五人以内\n',
  dailyViewLimit: '',
  stageFeeDiscount: '15',
  stripePriceId: '  ',
  isVip: false,
  vipStartupQuota: '7',
};

describe('the admin plan form', () => {
  it('sends prices in minor units without float drift, lists one entry per line and blanks as null', () => {
    expect(toInput(typed)).toMatchObject({
      code: 'team_monthly',
      priceCny: 1999,
      priceUsd: 10,
      benefits: ['适合团队', '五人以内'],
      benefitsEn: [],
      // Entitlements: an empty daily limit is unlimited.
      dailyViewLimit: null,
      stageFeeDiscount: 15,
      favouritesAndHistory: false,
      stripePriceId: null,
      alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
      // Only a VIP plan has free start-ups.
      vipStartupQuota: 0,
    });
  });

  it('shows a saved plan as it was typed, so saving it unchanged sends the same plan', () => {
    const saved = { ...toInput(typed), id: 'p1', createdAt: '', updatedAt: '', features: [], featuresEn: [] };
    expect(toForm(saved)).toMatchObject({
      priceCny: '19.99',
      priceUsd: '0.10',
      benefits: '适合团队\n五人以内',
      dailyViewLimit: '',
      stageFeeDiscount: '15',
    });
    expect(toInput(toForm(saved))).toEqual(toInput(typed));
  });

  it('says what is wrong with each field the browser does not check', () => {
    expect(problems(typed)).toEqual({});
    expect(
      problems({ ...typed, code: 'Team Plan', priceCny: '59.999', priceUsd: '-1', tier: '0', name: ' ' }),
    ).toEqual({ code: 'code', priceCny: 'money', priceUsd: 'money', tier: 'whole', name: 'required' });
    expect(problems({ ...typed, isVip: true, vipStartupQuota: '3.5' })).toEqual({ vipStartupQuota: 'whole' });
    expect(problems({ ...typed, dailyViewLimit: '0', stageFeeDiscount: '101' })).toEqual({
      dailyViewLimit: 'whole',
      stageFeeDiscount: 'whole',
    });
  });
});
