import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import type { Order } from './entities/order.entity';
import { OrdersRepository } from './orders.repository';
import { RefundsRepository } from './refunds.repository';
import { FulfilmentService } from './fulfilment.service';
import { AlipayGateway } from './gateways/alipay.gateway';
import type { RefundAnswer } from './gateways/refund-answer';
import { StripeGateway } from './gateways/stripe.gateway';
import { WechatPayGateway } from './gateways/wechatpay.gateway';
import { SandboxLedger } from './sandbox-ledger.service';
import { WechatTradesService } from './wechat-trades.service';
import { Messages, NotificationsService } from '../notifications';

/** A payment that arrived after its order was cancelled: the system returns it (contract §12). */
const isLatePayment = (order: Order) => order.status === 'canceled' && order.latePaidAt !== null;

/** Pending refunds asked again per run of the worker's job. */
const RETRY_BATCH = 50;

/** Where a refund stands once its gateway was asked: done, or to be asked again (it could not be reached). */
export type RefundOutcome = 'refunded' | 'pending';

/**
 * Refunds through the order's gateway (contract §10): the money goes back first, and only then is the order
 * `refunded` and what it granted revoked. A refund row is claimed before the gateway is asked, so a repeat or a
 * concurrent twin never asks twice; a refusal leaves the order paid, flagged with the gateway's reason. A gateway
 * that cannot be reached (or answers nothing valid) leaves the refund `pending`: the worker asks again under the
 * same refund request id (the order's id), so money moves once however often it is asked.
 */
@Injectable()
export class RefundsService implements OnModuleInit {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly orders: OrdersRepository,
    private readonly refunds: RefundsRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly alipay: AlipayGateway,
    private readonly stripe: StripeGateway,
    private readonly wechat: WechatPayGateway,
    private readonly sandbox: SandboxLedger,
    private readonly audit: AuditLog,
    private readonly wechatTrades: WechatTradesService,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit(): void {
    this.fulfilment.onLatePayment((orderId) => this.refundLatePayment(orderId));
  }

  /**
   * `retry`: the worker asking again for a pending refund, whose staying pending is not audited again. `actorId`
   * null: the system's own refund of a payment for a cancelled order (contract §12).
   */
  async refund(actorId: string | null, order: Order, retry = false): Promise<RefundOutcome> {
    if (order.status !== 'paid' && !isLatePayment(order)) throw new AppError('CONFLICT');
    const failedBefore = (await this.refunds.statusOf(order.id)) === 'failed';
    const claim = await this.refunds.claim(actorId, order);
    // Another request is asking the gateway right now.
    if (!claim) throw new AppError('CONFLICT');
    // A gateway that agreed before (and the order was not updated then) is not asked again.
    let answer: RefundAnswer;
    try {
      answer =
        claim.status === 'succeeded'
          ? { ok: true, refundId: claim.gatewayRefundId }
          : await this.ask(order, failedBefore);
    } catch (e) {
      await this.leavePending(actorId, order, (e as Error).message, !retry);
      return 'pending';
    }
    if (!answer.ok && answer.failed) {
      await this.failed(order, answer.reason, actorId);
      throw new AppError('REFUND_REFUSED', { reason: answer.reason });
    }
    if (!answer.ok) {
      await this.transactions.run(async (tx) => {
        await this.refunds.refused(tx, order.id, answer.reason);
        await this.fulfilment.flag(order.id, `refund refused: ${answer.reason}`, tx);
        if (actorId)
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
    // The gateway's own TRADE_CLOSED (or a twin) refunded the order meanwhile: nothing more to do here.
    if (!(await this.complete(order, answer.refundId, actorId))) throw new AppError('CONFLICT');
    return 'refunded';
  }

  /**
   * What the gateway later said of a refund it accepted (WeChat Pay's refund notify): `SUCCESS` completes it,
   * `ABNORMAL` or `CLOSED` ends it failed (the money did not reach the buyer); `PROCESSING` changes nothing.
   */
  async gatewaySaid(order: Order, status: string): Promise<void> {
    if (status === 'SUCCESS' && (order.status === 'paid' || isLatePayment(order))) {
      await this.complete(order, null, null);
    } else if (status === 'ABNORMAL' || status === 'CLOSED') {
      if (order.status === 'paid' || isLatePayment(order))
        await this.failed(order, `WeChat Pay refund ${status}`, null);
    }
  }

  /** The money is back: the refund succeeded, the order is refunded and its grants revoked; the buyer is told. */
  private async complete(order: Order, refundId: string | null, actorId: string | null): Promise<boolean> {
    const refunded = await this.transactions.run(async (tx) => {
      await this.refunds.succeeded(tx, order.id, refundId);
      const done = isLatePayment(order)
        ? await this.fulfilment.refundLatePayment(tx, order.id)
        : await this.fulfilment.refund(order.id, undefined, tx);
      if (!done) return null;
      if (actorId)
        await this.audit.record(tx, {
          actorId,
          action: 'order.refund',
          targetType: 'order',
          targetId: order.id,
          details: { gateway: order.gateway, gatewayRefundId: refundId },
        });
      return done;
    });
    await refunded?.announce();
    return Boolean(refunded);
  }

  /**
   * The gateway accepted the refund and then ended it without the money reaching the buyer (WeChat Pay's
   * `ABNORMAL`, a closed card; `CLOSED`): the refund is failed, not refunded, the order stays as it was and is flagged
   * for support, and the buyer is told support will contact them. The console lists it; an alert fires after an hour.
   */
  private async failed(order: Order, reason: string, actorId: string | null): Promise<void> {
    const push = await this.transactions.run(async (tx) => {
      if (!(await this.refunds.failed(tx, order.id, reason))) return null;
      await this.fulfilment.flag(order.id, `refund failed: ${reason}`, tx);
      if (actorId)
        await this.audit.record(tx, {
          actorId,
          action: 'order.refund-failed',
          targetType: 'order',
          targetId: order.id,
          details: { reason: reason.slice(0, 500) },
        });
      return this.notifications.write(tx, [order.userId], Messages.refundFailed(order.subject));
    });
    await push?.().catch((e: Error) => this.logger.warn(`refund-failed message: ${e.message}`));
  }

  /**
   * Asks the gateways again for refunds left pending at least `idleSeconds` ago (the worker's job), each as its
   * admin first asked; answers how many were asked and how many are now refunded.
   */
  async retryPending(idleSeconds = 60): Promise<{ asked: number; refunded: number }> {
    const rows = await this.refunds.idle(idleSeconds, RETRY_BATCH);
    let refunded = 0;
    for (const { orderId, actorId } of rows) {
      const order = (await this.orders.byId(orderId))!;
      if (order.status !== 'paid' && !isLatePayment(order)) {
        // Settled meanwhile by the gateway's own message (Alipay's TRADE_CLOSED for this refund): nothing to ask.
        await this.refunds.settledElsewhere(orderId, order.status);
        continue;
      }
      const outcome = await this.refund(actorId, order, true).catch((e: Error) => {
        this.logger.warn(`pending refund of order ${orderId}: ${e.message}`);
        return null;
      });
      if (outcome === 'refunded') refunded += 1;
    }
    return { asked: rows.length, refunded };
  }

  /** Returns a payment that arrived for a cancelled order at once; a gateway away leaves it to the worker. */
  private async refundLatePayment(orderId: string): Promise<void> {
    const order = await this.orders.byId(orderId);
    if (!order) return;
    await this.refund(null, order).catch((e: Error) =>
      this.logger.warn(`late payment of order ${orderId}: ${e.message}`),
    );
  }

  /** The gateway could not be reached: the order stays paid, the refund waits to be asked again. */
  private async leavePending(
    actorId: string | null,
    order: Order,
    why: string,
    audited: boolean,
  ): Promise<void> {
    const reason = `${order.gateway} could not be reached: ${why}`.slice(0, 500);
    this.logger.warn(`refund of order ${order.id} pending: ${reason}`);
    await this.transactions.run(async (tx) => {
      await this.refunds.pending(tx, order.id, reason);
      if (audited && actorId)
        await this.audit.record(tx, {
          actorId,
          action: 'order.refund-pending',
          targetType: 'order',
          targetId: order.id,
          details: { reason },
        });
    });
  }

  /** `afterFailure`: support asks again for a refund that failed after the gateway accepted it. */
  private async ask(order: Order, afterFailure: boolean): Promise<RefundAnswer> {
    this.logger.log(`asking ${order.gateway} to refund order ${order.id}`);
    if (order.gateway === 'sandbox') return this.sandbox.refund(order.id);
    if (order.gateway === 'alipay' && this.alipay.available) return this.alipay.refund(order);
    if (order.gateway === 'stripe' && this.stripe.available) return this.stripe.refund(order);
    if (order.gateway === 'wechatpay' && this.wechat.available)
      return this.wechat.refund(order, await this.wechatTrades.latestTradeNo(order), afterFailure);
    return { ok: false, reason: `${order.gateway} is not configured on this server` };
  }
}
