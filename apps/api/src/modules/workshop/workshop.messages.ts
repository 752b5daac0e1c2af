import type { Localized } from '@think-tank/contracts';

/** What the workshop's answers tell the user (besides error codes). */
export const DemandMessage = {
  registered: {
    zh: '需求已提交，支付启动费用后即开始处理。',
    en: 'Your demand is saved; it starts once the start-up fee is paid.',
  },
  vipStarted: { zh: '已使用 VIP 启动额度，需求开始处理。', en: 'Started with your VIP quota.' },
  vipNoQuota: {
    zh: 'VIP 启动额度不足，请支付启动费用。',
    en: 'No VIP start-up left: please pay the start-up fee.',
  },
  startupProduct: { zh: '需求启动设计', en: 'Demand start-up design' },
  stageFee: { zh: '阶段费用', en: 'stage fee' },
  noPaymentRequired: { zh: '该阶段无需付费，已开始处理。', en: 'No fee is due; the stage has started.' },
} as const satisfies Record<string, Localized>;
