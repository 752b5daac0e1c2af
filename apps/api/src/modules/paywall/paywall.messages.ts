import type { Localized } from '@think-tank/contracts';

export const PaywallMessage = {
  paymentNotice: {
    zh: '该方案为付费内容，请选择以下任一方式获取阅读权限。',
    en: 'This solution is paid content. Choose one of the options below to read it.',
  },
  limitNotice: {
    zh: '您今天已查看 {{limit}} 个不同的方案，已达每日上限，北京时间 0 点重置；您也可以单次购买或升级套餐。',
    en: 'You have viewed {{limit}} different solutions today, the daily limit; it resets at midnight Beijing time. You can also buy a single view or upgrade.',
  },
  payPerView: { zh: '单次查看本方案（30 天内有效）', en: 'View this solution (valid for 30 days)' },
  subscriptionTitle: { zh: '订阅套餐', en: 'Subscription plans' },
  upgradeTitle: { zh: '升级套餐', en: 'Upgrade your plan' },
  vipMessage: {
    zh: 'VIP 会员不限量查看方案，需求工坊各阶段免费。如需开通，请联系客服申请。',
    en: 'VIP members read every solution and use the workshop stages for free. Contact support to apply.',
  },
} as const satisfies Record<string, Localized>;
