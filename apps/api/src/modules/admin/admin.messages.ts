import {
  STAGE_NAMES,
  type Language,
  type Localized,
  type OrderStatus,
  type Stage,
  type StagePaymentStatus,
  type StageStatus,
  type TimelineKind,
} from '@think-tank/contracts';

const ORDER_STATUS: Record<OrderStatus, Localized> = {
  pending: { zh: '待支付', en: 'pending' },
  paid: { zh: '已支付', en: 'paid' },
  failed: { zh: '支付失败', en: 'failed' },
  canceled: { zh: '已取消', en: 'canceled' },
  refunded: { zh: '已退款', en: 'refunded' },
  agreement_active: { zh: '协议生效', en: 'agreement active' },
};

const STAGE_STATUS: Record<StageStatus, Localized> = {
  NotStarted: { zh: '未开始', en: 'not started' },
  PendingInput: { zh: '待输入', en: 'waiting for input' },
  Queued: { zh: '排队中', en: 'queued' },
  Processing: { zh: '处理中', en: 'processing' },
  Completed: { zh: '已完成', en: 'completed' },
  Error: { zh: '失败', en: 'failed' },
};

const STAGE_PAYMENT: Record<StagePaymentStatus, Localized> = {
  NotRequired: { zh: '无需付费', en: 'no fee' },
  Pending: { zh: '待付费', en: 'fee due' },
  Paid: { zh: '已付费', en: 'fee paid' },
  Waived: { zh: 'VIP 免付', en: 'VIP, no fee' },
};

/** A timeline row as the query reads it, before it is put into words. */
export interface TimelineFacts {
  kind: TimelineKind;
  status: string | null;
  stage: Stage | null;
  detail: string | null;
  extra: string | null;
  error: string | null;
}

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ') || null;

/** The timeline's title and detail in the support reader's language. */
export function describeTimeline(f: TimelineFacts, lang: Language): { title: string; detail: string | null } {
  const zh = lang === 'zh';
  switch (f.kind) {
    case 'account':
      return { title: zh ? '注册账号' : 'registered', detail: f.detail };
    case 'order': {
      const status = ORDER_STATUS[f.status as OrderStatus]?.[lang] ?? f.status;
      const flagged = f.error && (zh ? `异常：${f.error}` : `flagged: ${f.error}`);
      return { title: zh ? `订单${status}` : `order ${status}`, detail: join(f.detail, flagged) };
    }
    case 'view':
      return {
        title: zh ? '获得单次查看权限' : 'pay-per-view granted',
        detail: zh ? `有效期至 ${f.extra}` : `until ${f.extra}`,
      };
    case 'demand':
      return { title: zh ? '提交需求' : 'demand created', detail: f.detail };
    case 'stage': {
      const stage = f.stage ? STAGE_NAMES[f.stage][lang] : '';
      const status = STAGE_STATUS[f.status as StageStatus]?.[lang] ?? f.status;
      const payment = f.extra && (STAGE_PAYMENT[f.extra as StagePaymentStatus]?.[lang] ?? f.extra);
      return {
        title: zh ? `${stage}阶段${status}` : `${stage} ${status}`,
        detail: join(f.detail, payment, f.error),
      };
    }
    case 'message':
      return { title: f.detail ?? '', detail: f.extra };
    case 'admin':
      return { title: f.status ?? '', detail: zh ? `操作人 ${f.extra}` : `by ${f.extra}` };
  }
}
