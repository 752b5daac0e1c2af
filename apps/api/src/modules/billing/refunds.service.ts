import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../core/audit/audit.service';
import { AppError } from '../../core/errors/app-error';
import type { Order } from './entities/order.entity';
import type { Refund } from './entities/refund.entity';
import { FulfilmentService } from './fulfilment.service';
import { AlipayGateway } from './gateways/alipay.gateway';
import type { RefundAnswer } from './gateways/refund-answer';
import { StripeGateway } from './gateways/stripe.gateway';
import { SandboxLedger } from './sandbox-ledger';

/** A claim older than this is taken to have died with its process, and may be asked again (under the same key). */
const CLAIM_TIMEOUT = '2 minutes';

/**
 * Refunds through the order's gateway (contract §10): the money goes back first, and only then is the order
 * `refunded` and what it granted revoked. A refund row is claimed before the gateway is asked, so a repeat or a
 * concurrent twin never asks twice; a refusal leaves the order paid, flagged with the gateway's reason.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly fulfilment: FulfilmentService,
    private readonly alipay: AlipayGateway,
    private readonly stripe: StripeGateway,
    private readonly sandbox: SandboxLedger,
    private readonly audit: AuditService,
  ) {}

  async refund(actorId: string, order: Order): Promise<void> {
    if (order.status !== 'paid') throw new AppError('CONFLICT');
    const claim = await this.claim(actorId, order);
    // Another request is asking the gateway right now.
    if (!claim) throw new AppError('CONFLICT');
    // A gateway that agreed before (and the order was not updated then) is not asked again.
    const answer: RefundAnswer =
      claim.status === 'succeeded'
        ? { ok: true, refundId: claim.gatewayRefundId }
        : await this.ask(order).catch((e: Error) => ({ ok: false as const, reason: e.message }));
    if (!answer.ok) {
      await this.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE refunds SET status = 'refused', reason = $2, "updatedAt" = now() WHERE "orderId" = $1`,
          [order.id, answer.reason.slice(0, 500)],
        );
        await this.fulfilment.flag(order.id, `refund refused: ${answer.reason}`, tx);
        await this.audit.record(tx, {
          actorId,
          action: 'order.refund-refused',
          targetType: 'order',
          targetId: order.id,
          details: { reason: answer.reason.slice(0, 500) },
        });
      });
      throw new AppError('REFUND_REFUSED', { reason: answer.reason });
    }
    const refunded = await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE refunds SET status = 'succeeded', "gatewayRefundId" = $2, reason = NULL, "updatedAt" = now()
          WHERE "orderId" = $1`,
        [order.id, answer.refundId],
      );
      if (!(await this.fulfilment.refund(order.id, undefined, tx))) return false;
      await this.audit.record(tx, {
        actorId,
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        details: { gateway: order.gateway, gatewayRefundId: answer.refundId },
      });
      return true;
    });
    // The gateway's own TRADE_CLOSED (or a twin) refunded the order meanwhile: nothing more to do here.
    if (!refunded) throw new AppError('CONFLICT');
  }

  /**
   * The refund row, claimed for this request: new, or one the gateway refused (asked again), or one whose claim
   * timed out. Null while another request holds a live claim.
   */
  private async claim(actorId: string, order: Order): Promise<Refund | null> {
    const [row] = (await this.db.query(
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

  private async ask(order: Order): Promise<RefundAnswer> {
    this.logger.log(`asking ${order.gateway} to refund order ${order.id}`);
    if (order.gateway === 'sandbox') return this.sandbox.refund(order.id);
    if (order.gateway === 'alipay' && this.alipay.available) return this.alipay.refund(order);
    if (order.gateway === 'stripe' && this.stripe.available) return this.stripe.refund(order);
    return { ok: false, reason: `${order.gateway} is not configured on this server` };
  }
}
