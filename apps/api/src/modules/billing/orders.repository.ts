import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OrderStatus, PaymentGateway, PaymentMethod } from '@think-tank/contracts';
import { Between, IsNull, MoreThan, Repository, type DeepPartial } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { updateReturning } from '../../core/database/update-returning';
import { Order } from './entities/order.entity';

/** A gateway message, recorded with its effect so that a repeat changes nothing. */
export interface GatewayEvent {
  gateway: PaymentGateway;
  id: string;
  type: string;
}

/** A second call for the same thing within this time answers the pending order instead of a new one. */
const SAME_ORDER_MS = 15 * 60 * 1000;

/**
 * Orders and the gateway messages that moved them: all their SQL, and every change of an order's status, each a
 * conditional UPDATE so that of any number of concurrent callers one wins (architecture: "money moves in one place";
 * FulfilmentService decides when).
 */
@Injectable()
export class OrdersRepository {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  /**
   * `pending →` the outcome, by the order's own gateway; null when the order was not there to move. A failure is not
   * final for a payment that can still succeed (a buyer retrying 3-D Secure or Checkout): `failed → paid` for the same
   * gateway and the same payment.
   */
  async settle(
    tx: Tx,
    req: { orderId: string; outcome: OrderStatus; gateway: PaymentGateway; gatewayTradeNo?: string | null },
  ): Promise<Order | null> {
    const [order] = await updateReturning<Order>(
      tx,
      `UPDATE orders SET status = $2::varchar, "gatewayTradeNo" = COALESCE($4::varchar, "gatewayTradeNo"),
              "paidAt" = CASE WHEN $2::varchar = 'paid' THEN now() ELSE "paidAt" END, "updatedAt" = now()
        WHERE id = $1 AND gateway = $3
          AND (status = 'pending'
               OR (status = 'failed' AND $2::varchar = 'paid'
                   AND ("gatewayTradeNo" IS NULL OR "gatewayTradeNo" = $4::varchar)))
        RETURNING *`,
      [req.orderId, req.outcome, req.gateway, req.gatewayTradeNo ?? null],
    );
    return order ?? null;
  }

  /** `paid → refunded`; null when the order was not paid. */
  async markRefunded(tx: Tx, orderId: string): Promise<Order | null> {
    const [order] = await updateReturning<Order>(
      tx,
      `UPDATE orders SET status = 'refunded', "updatedAt" = now() WHERE id = $1 AND status = 'paid' RETURNING *`,
      [orderId],
    );
    return order ?? null;
  }

  /**
   * A payment reported for a cancelled order: its trade noted, the order flagged and marked paid late (the first
   * report only); null when the order is not cancelled or was marked before.
   */
  async recordLatePayment(tx: Tx, orderId: string, gatewayTradeNo: string | null): Promise<Order | null> {
    const [order] = await updateReturning<Order>(
      tx,
      `UPDATE orders SET "latePaidAt" = now(), "gatewayTradeNo" = COALESCE("gatewayTradeNo", $2),
              "flaggedReason" = 'paid after it was cancelled: refunded automatically', "updatedAt" = now()
        WHERE id = $1 AND status = 'canceled' AND "latePaidAt" IS NULL RETURNING *`,
      [orderId, gatewayTradeNo],
    );
    return order ?? null;
  }

  /** `canceled → refunded` for an order paid late, once its gateway returned the money; null otherwise. */
  async markLateRefunded(tx: Tx, orderId: string): Promise<Order | null> {
    const [order] = await updateReturning<Order>(
      tx,
      `UPDATE orders SET status = 'refunded', "updatedAt" = now()
        WHERE id = $1 AND status = 'canceled' AND "latePaidAt" IS NOT NULL RETURNING *`,
      [orderId],
    );
    return order ?? null;
  }

  /** `pending → canceled`; false when it was no longer pending. */
  async cancelPending(orderId: string): Promise<boolean> {
    const rows = await updateReturning(
      this.orders.manager,
      `UPDATE orders SET status = 'canceled', "updatedAt" = now() WHERE id = $1 AND status = 'pending' RETURNING id`,
      [orderId],
    );
    return rows.length === 1;
  }

  /** Flags the order for support (changes nothing else); in the caller's transaction when given. */
  async flag(orderId: string, reason: string, tx: Tx = this.orders.manager): Promise<void> {
    await tx.query(`UPDATE orders SET "flaggedReason" = $2, "updatedAt" = now() WHERE id = $1`, [
      orderId,
      reason.slice(0, 500),
    ]);
  }

  /** False when this event was recorded before (it waits for a concurrent twin to commit, then sees it). */
  async recordEvent(tx: Tx, event: GatewayEvent, orderId: string | null): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO payment_events (gateway, "eventId", type, "orderId") VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [event.gateway, event.id.slice(0, 128), event.type.slice(0, 64), orderId],
    );
    return rows.length === 1;
  }

  /** Support's list, newest first. */
  adminPage(
    filter: { userId?: string; status?: OrderStatus; gateway?: PaymentGateway; flagged?: boolean },
    page: number,
    pageSize: number,
  ): Promise<[Order[], number]> {
    const q = this.orders.createQueryBuilder('o').orderBy('o.createdAt', 'DESC');
    if (filter.userId) q.andWhere('o.userId = :userId', { userId: filter.userId });
    if (filter.status) q.andWhere('o.status = :status', { status: filter.status });
    if (filter.gateway) q.andWhere('o.gateway = :gateway', { gateway: filter.gateway });
    if (filter.flagged) q.andWhere('o.flaggedReason IS NOT NULL');
    return q
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  /** The buyer's own orders, newest first. */
  pageOf(userId: string, page: number, pageSize: number): Promise<[Order[], number]> {
    return this.orders.findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }

  /** Orders pending between `from` and `to` ago, for the reconciler (at most 200). */
  pendingBetween(from: Date, to: Date): Promise<Order[]> {
    return this.orders.find({ where: { status: 'pending', createdAt: Between(from, to) }, take: 200 });
  }

  /** Whether any order bought this item (a plan with orders keeps its name). */
  anyFor(tx: Tx, itemId: string): Promise<boolean> {
    return tx.existsBy(Order, { itemId });
  }

  /** How many orders each gateway holds in each status (the operational gauge). */
  countsByGatewayAndStatus(): Promise<{ gateway: string; status: string; n: number }[]> {
    return this.orders.query(
      `SELECT gateway, status, count(*)::int AS n FROM orders GROUP BY gateway, status`,
    );
  }

  /**
   * The user's order's status, holding the order's row lock shared until the caller's transaction ends (a refund
   * committing meanwhile is waited for and seen); undefined for another user's order.
   */
  async sharedStatusOf(tx: Tx, id: string, userId: string): Promise<OrderStatus | undefined> {
    const [order]: Pick<Order, 'status'>[] = await tx.query(
      `SELECT status FROM orders WHERE id = $1 AND "userId" = $2 FOR SHARE`,
      [id, userId],
    );
    return order?.status;
  }

  /** An order not yet saved, for pendingOrNew. */
  draft(fields: DeepPartial<Order>): Order {
    return this.orders.create(fields);
  }

  byId(id: string, tx: Tx = this.orders.manager): Promise<Order | null> {
    return tx.findOneBy(Order, { id });
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
