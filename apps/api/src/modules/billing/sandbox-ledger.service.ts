import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../../core/redis/redis.provider';
import type { Settlement } from './fulfilment.service';
import type { RefundAnswer } from './gateways/refund-answer';

/** As long as a real gateway accepts a refund for a trade. */
const KEPT_SECONDS = 366 * 24 * 3600;

/**
 * The sandbox gateway's own books: what the payer did at its cashier, kept apart from our orders as a real
 * gateway's are. Reconciliation asks it, as it asks Alipay or Stripe, when a notify went missing; refunds are
 * asked of it as of them.
 */
@Injectable()
export class SandboxLedger {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async record(orderId: string, outcome: Exclude<Settlement, 'canceled'>): Promise<void> {
    await this.redis.set(`sandbox:trade:${orderId}`, outcome, 'EX', KEPT_SECONDS);
  }

  async outcomeOf(orderId: string): Promise<'paid' | 'failed' | null> {
    return (await this.redis.get(`sandbox:trade:${orderId}`)) as 'paid' | 'failed' | null;
  }

  /** Returns a paid trade's money once (a repeat answers the same refund); refuses a trade it has not been paid. */
  async refund(orderId: string): Promise<RefundAnswer> {
    if ((await this.outcomeOf(orderId)) !== 'paid')
      return { ok: false, reason: 'sandbox: no paid trade for this order' };
    await this.redis.set(`sandbox:refund:${orderId}`, new Date().toISOString(), 'EX', KEPT_SECONDS, 'NX');
    return { ok: true, refundId: `sandbox-refund-${orderId}` };
  }
}
