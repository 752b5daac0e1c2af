import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PaymentMethod } from '@think-tank/contracts';
import { IsNull, MoreThan, Repository, type DeepPartial } from 'typeorm';
import { Order } from './entities/order.entity';

/** A second call for the same thing within this time answers the pending order instead of a new one. */
const SAME_ORDER_MS = 15 * 60 * 1000;

/**
 * The checkout's reads and writes of orders (architecture 18): one pending order per intent to buy, how it was
 * handed to its gateway and its trade number there. Settling, refunding and cancelling stay FulfilmentService's.
 */
@Injectable()
export class OrdersRepository {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  /** An order not yet saved, for pendingOrNew. */
  draft(fields: DeepPartial<Order>): Order {
    return this.orders.create(fields);
  }

  byId(id: string): Promise<Order | null> {
    return this.orders.findOneBy({ id });
  }

  /** The user's order by id; null for another user's (the caller answers 404). */
  ownedBy(id: string, userId: string): Promise<Order | null> {
    return this.orders.findOneBy({ id, userId });
  }

  async setTradeNo(id: string, gatewayTradeNo: string): Promise<void> {
    await this.orders.update({ id }, { gatewayTradeNo });
  }

  /**
   * One order per intent to buy (contract §10): the same user, item, price and gateway within 15 minutes get
   * their pending order back, so two quick clicks or a retry make one order (and one gateway payment, since
   * gateway calls carry the order's idempotency key). Serialised per user and item by an advisory lock.
   */
  pendingOrNew(draft: Order): Promise<Order> {
    return this.orders.manager.transaction(async (tx) => {
      const same = {
        userId: draft.userId,
        gateway: draft.gateway,
        itemType: draft.itemType,
        itemId: draft.itemId,
        subjectKind: draft.subjectKind ?? IsNull(),
        subjectId: draft.subjectId ?? IsNull(),
        subjectPart: draft.subjectPart ?? IsNull(),
        amount: draft.amount,
        currency: draft.currency,
      };
      // One lock per user and thing bought: concurrent calls for it queue here, others pass.
      const thing = [draft.userId, draft.itemId, draft.subjectId, draft.subjectPart].join(':');
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [thing]);
      const pending = await tx.findOne(Order, {
        where: { ...same, status: 'pending', createdAt: MoreThan(new Date(Date.now() - SAME_ORDER_MS)) },
        order: { createdAt: 'DESC' },
      });
      if (!pending) return tx.save(draft);
      // The same intent, handed over another way this time (on the phone after the desktop, say).
      if (draft.method && pending.method !== draft.method) {
        await tx.update(Order, { id: pending.id }, { method: draft.method });
        pending.method = draft.method;
      }
      return pending;
    });
  }

  /** How the order is handed over this time, when it changed (kept on the order given too). */
  async recordMethod(order: Order, method: PaymentMethod): Promise<void> {
    if (order.method === method) return;
    await this.orders.update({ id: order.id }, { method });
    order.method = method;
  }
}
