import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PaymentInstruction, PaymentMethod } from '@think-tank/contracts';
import type Redis from 'ioredis';
import { REDIS } from '../../core/redis/redis.provider';
import type { Order } from './entities/order.entity';

/**
 * How long each gateway's instruction stays good, kept a little short of it: WeChat's Native code and JSAPI
 * prepay id 2 h and H5 address 5 min, a Stripe Checkout session 24 h, Alipay's signed page and WAP requests 15 min.
 */
const VALID_SECONDS: Partial<Record<PaymentMethod, number>> = {
  native: 110 * 60,
  h5: 4 * 60,
  jsapi: 110 * 60,
  checkout: 23 * 3600,
  page: 10 * 60,
  wap: 10 * 60,
};

/**
 * An order's gateway instruction (its QR code, H5 or cashier address), reused while it is valid rather than asked
 * of the gateway again (contract §12): each ask is a signed request against the merchant's shared rate limit.
 * Redis away, the gateway is simply asked.
 */
@Injectable()
export class PaymentInstructions {
  private readonly logger = new Logger(PaymentInstructions.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** `tradeNo`: the gateway trade it is for, when an order may open more than one (WeChat Pay's). */
  async reuse(
    order: Order,
    method: PaymentMethod | null,
    ask: () => Promise<PaymentInstruction> | PaymentInstruction,
    tradeNo = '',
  ): Promise<PaymentInstruction> {
    const seconds = method ? VALID_SECONDS[method] : undefined;
    if (!seconds) return ask();
    const key = `pay-instruction:${order.id}:${order.gateway}:${method}:${order.amount}:${tradeNo}`;
    const kept = await this.redis.get(key).catch(() => null);
    if (kept) return JSON.parse(kept) as PaymentInstruction;
    const instruction = await ask();
    await this.redis
      .set(key, JSON.stringify(instruction), 'EX', seconds)
      .catch((e: Error) => this.logger.warn(`payment instruction not kept (Redis): ${e.message}`));
    return instruction;
  }
}
