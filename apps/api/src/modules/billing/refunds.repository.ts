import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OrderStatus } from '@think-tank/contracts';
import { In, Repository } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { updateReturning } from '../../core/database/update-returning';
import type { Order } from './entities/order.entity';
import { Refund } from './entities/refund.entity';

/** A claim older than this is taken to have died with its process, and may be asked again (under the same key). */
const CLAIM_TIMEOUT = '2 minutes';

/** The refund asked of an order's gateway (one row per order), and where it stands. */
@Injectable()
export class RefundsRepository {
  constructor(@InjectRepository(Refund) private readonly refunds: Repository<Refund>) {}

  /**
   * The refund row, claimed for this request: new, or one the gateway refused (asked again), or one whose claim
   * timed out. Null while another request holds a live claim.
   */
  async claim(actorId: string | null, order: Order): Promise<Refund | null> {
    const [row] = (await this.refunds.query(
      `INSERT INTO refunds ("orderId", gateway, status, "actorId") VALUES ($1, $2, 'requested', $3)
       ON CONFLICT ("orderId") DO UPDATE
         SET status = CASE WHEN refunds.status = 'succeeded' THEN 'succeeded' ELSE 'requested' END,
             "actorId" = EXCLUDED."actorId", attempts = refunds.attempts + 1, "updatedAt" = now()
       WHERE refunds.status <> 'requested' OR refunds."updatedAt" < now() - interval '${CLAIM_TIMEOUT}'
       RETURNING *`,
      [order.id, order.gateway, actorId],
    )) as Refund[];
    return row ?? null;
  }

  async refused(tx: Tx, orderId: string, reason: string): Promise<void> {
    await tx.query(
      `UPDATE refunds SET status = 'refused', reason = $2, "updatedAt" = now() WHERE "orderId" = $1`,
      [orderId, reason.slice(0, 500)],
    );
  }

  async statusOf(orderId: string): Promise<Refund['status'] | null> {
    const row = await this.refunds.findOne({ where: { orderId }, select: { status: true } });
    return row?.status ?? null;
  }

  /** How long the oldest failed refund has waited for support (they change it by refunding again), or 0. */
  async oldestFailedSeconds(): Promise<number> {
    const [row] = (await this.refunds.query(
      `SELECT coalesce(extract(epoch FROM now() - min("updatedAt")), 0)::float AS age FROM refunds WHERE status = 'failed'`,
    )) as { age: number }[];
    return row.age;
  }

  /** Ended without the money reaching the buyer; false when it had succeeded already (nothing to change). */
  async failed(tx: Tx, orderId: string, reason: string): Promise<boolean> {
    const rows = await updateReturning(
      tx,
      `UPDATE refunds SET status = 'failed', reason = $2, "updatedAt" = now()
        WHERE "orderId" = $1 AND status <> 'succeeded' RETURNING "orderId"`,
      [orderId, reason.slice(0, 500)],
    );
    return rows.length === 1;
  }

  async succeeded(tx: Tx, orderId: string, gatewayRefundId: string | null): Promise<void> {
    await tx.query(
      `UPDATE refunds SET status = 'succeeded', "gatewayRefundId" = $2, reason = NULL, "updatedAt" = now()
        WHERE "orderId" = $1`,
      [orderId, gatewayRefundId],
    );
  }

  async pending(tx: Tx, orderId: string, reason: string): Promise<void> {
    await tx.query(
      `UPDATE refunds SET status = 'pending', reason = $2, "updatedAt" = now() WHERE "orderId" = $1`,
      [orderId, reason],
    );
  }

  /** A refund the system asks for by itself (a late payment's), pending until a worker asks the gateway. */
  async queue(tx: Tx, order: Order, reason: string): Promise<void> {
    await tx.query(
      `INSERT INTO refunds ("orderId", gateway, status, reason, "actorId") VALUES ($1, $2, 'pending', $3, NULL)
       ON CONFLICT ("orderId") DO NOTHING`,
      [order.id, order.gateway, reason],
    );
  }

  /** Refunds left pending at least `idleSeconds` ago, oldest first, with the admin who asked (null: the system). */
  idle(idleSeconds: number, limit: number): Promise<{ orderId: string; actorId: string | null }[]> {
    return this.refunds.query(
      `SELECT "orderId", "actorId" FROM refunds
        WHERE status = 'pending' AND "updatedAt" < now() - make_interval(secs => $1)
        ORDER BY "updatedAt" LIMIT $2`,
      [idleSeconds, limit],
    );
  }

  /** A pending refund whose order the gateway settled meanwhile: succeeded if it is refunded, else refused. */
  async settledElsewhere(orderId: string, orderStatus: OrderStatus): Promise<void> {
    await this.refunds.query(
      `UPDATE refunds SET status = CASE WHEN $2 = 'refunded' THEN 'succeeded' ELSE 'refused' END,
              reason = CASE WHEN $2 = 'refunded' THEN NULL ELSE 'the order is no longer paid' END,
              "updatedAt" = now()
        WHERE "orderId" = $1 AND status = 'pending'`,
      [orderId, orderStatus],
    );
  }

  of(orderId: string): Promise<Refund | null> {
    return this.refunds.findOneBy({ orderId });
  }

  async ofOrders(orderIds: string[]): Promise<Map<string, Refund>> {
    const rows = orderIds.length ? await this.refunds.findBy({ orderId: In(orderIds) }) : [];
    return new Map(rows.map((r) => [r.orderId, r]));
  }
}
