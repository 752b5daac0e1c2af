import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../../core/redis/redis.provider';
import type { Settlement } from './fulfilment.service';

const THIRTY_DAYS = 30 * 24 * 3600;

/**
 * The sandbox gateway's own books: what the payer did at its cashier, kept apart from our orders as a real
 * gateway's are. Reconciliation asks it, as it asks Alipay or Stripe, when a notify went missing.
 */
@Injectable()
export class SandboxLedger {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async record(orderId: string, outcome: Exclude<Settlement, 'canceled'>): Promise<void> {
    await this.redis.set(`sandbox:trade:${orderId}`, outcome, 'EX', THIRTY_DAYS);
  }

  async outcomeOf(orderId: string): Promise<'paid' | 'failed' | null> {
    return (await this.redis.get(`sandbox:trade:${orderId}`)) as 'paid' | 'failed' | null;
  }
}
