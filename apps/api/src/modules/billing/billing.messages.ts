import type { Localized, OrderStatus } from '@think-tank/contracts';

/** Names of the catalogue items as they appear on orders and gateway pages. */
export const ITEM_NAMES: Record<string, Localized> = {
  single_solution_view: { zh: '单次查看方案（30 天）', en: 'Single solution view (30 days)' },
  demand_startup: { zh: '需求启动设计费', en: 'Demand start-up design fee' },
  consultation_once: { zh: '一次性咨询', en: 'One-time consultation' },
};

export const ORDER_STATUS_MESSAGES: Record<OrderStatus | 'not_found', Localized> = {
  pending: { zh: '正在等待支付结果', en: 'Waiting for the payment result.' },
  paid: { zh: '支付成功', en: 'Payment succeeded.' },
  failed: { zh: '支付失败', en: 'The payment failed.' },
  canceled: { zh: '订单已取消', en: 'The order was cancelled.' },
  refunded: { zh: '订单已退款', en: 'The order was refunded.' },
  agreement_active: { zh: '签约成功', en: 'The agreement is active.' },
  not_found: { zh: '订单不存在或不属于您，请联系客服', en: 'Order not found or not yours, contact support.' },
};

/** The sandbox cashier page (contract §6). */
export const SANDBOX_PAGE = {
  title: { zh: '沙箱收银台', en: 'Sandbox checkout' },
  notice: {
    zh: '这是测试用的沙箱支付，不会产生真实扣款。',
    en: 'This is the test sandbox: no real money moves.',
  },
  order: { zh: '订单号', en: 'Order' },
  item: { zh: '商品', en: 'Item' },
  amount: { zh: '金额', en: 'Amount' },
  status: { zh: '状态', en: 'Status' },
  pay: { zh: '模拟支付成功', en: 'Pay' },
  fail: { zh: '模拟支付失败', en: 'Fail' },
  payLost: { zh: '已付款但通知丢失（模拟）', en: 'Lose the notify (paid)' },
  back: { zh: '查看支付结果', en: 'See the payment result' },
} satisfies Record<string, Localized>;
