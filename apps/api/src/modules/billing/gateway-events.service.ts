import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type Stripe from 'stripe';
import { MetricsService } from '../../core/metrics/metrics.service';
import { REDIS } from '../../core/redis/redis.provider';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import type { Order } from './entities/order.entity';
import { OrdersRepository } from './orders.repository';
import { SubscriptionsRepository } from './subscriptions.repository';
import { FulfilmentService, type Settlement } from './fulfilment.service';
import { AlipayGateway } from './gateways/alipay.gateway';
import { StripeGateway } from './gateways/stripe.gateway';
import {
  orderIdOf,
  WechatPayGateway,
  type WechatNotice,
  type WechatSignedHeaders,
} from './gateways/wechatpay.gateway';
import { RefundsService } from './refunds.service';
import { WechatTradesService } from './wechat-trades.service';

/** Stripe moved these between API versions; read whichever the event carries. */
type InvoiceLike = Stripe.Invoice & {
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
};
type SubscriptionLike = Stripe.Subscription & { current_period_end?: number };
/** Why a gateway message was refused (the metric's `reason`); the last two verified, and page. */
type RefusalReason = 'signature' | 'replay' | 'mismatch' | 'unknown_order';

/**
 * Messages from the gateways (Alipay notifies, Stripe webhooks, the sandbox cashier's buttons): each is
 * verified, matched to its order and handed to FulfilmentService, which alone changes money state.
 */
@Injectable()
export class GatewayEventsService {
  private readonly logger = new Logger(GatewayEventsService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly alipay: AlipayGateway,
    private readonly stripe: StripeGateway,
    private readonly wechat: WechatPayGateway,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly metrics: MetricsService,
    private readonly wechatTrades: WechatTradesService,
    private readonly refunds: RefundsService,
  ) {}

  /** Alipay's answer protocol: `success` once handled (also a repeat), `failure` for anything not ours. */
  async alipayNotify(body: Record<string, unknown>, requestId?: string): Promise<'success' | 'failure'> {
    const answer = await this.handleAlipayNotify(body, requestId);
    if (answer === 'success') return answer;
    this.metrics.notifiesRefused.inc({ gateway: 'alipay', reason: answer });
    return 'failure';
  }

  /** `success`, or why the notify is refused (answered `failure`). */
  private async handleAlipayNotify(
    body: Record<string, unknown>,
    requestId?: string,
  ): Promise<'success' | RefusalReason> {
    const notice = this.alipay.verifyNotify(body);
    if (!notice) {
      // Unsigned, it may name any order: logged, and no order is touched (its flag is support's note).
      this.logger.warn(
        `Alipay notify with a bad or non-RSA2 signature for ${String(body.out_trade_no).slice(0, 64)}`,
      );
      return 'signature';
    }
    const order = isUuid(notice.orderId) ? await this.orders.byId(notice.orderId) : null;
    if (!order || order.gateway !== 'alipay') {
      if (order) await this.fulfilment.flag(order.id, `Alipay notify for a ${order.gateway} order`);
      return 'unknown_order';
    }
    const mismatch = this.alipay.mismatch(notice, order);
    if (mismatch) {
      await this.fulfilment.flag(order.id, `Alipay notify: ${mismatch}`);
      return 'mismatch';
    }
    const event = { gateway: 'alipay' as const, id: notice.notifyId, type: notice.tradeStatus };
    switch (notice.tradeStatus) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        await this.fulfilment.settle({
          orderId: order.id,
          outcome: 'paid',
          gateway: 'alipay',
          gatewayTradeNo: notice.tradeNo,
          event,
          requestId,
        });
        break;
      case 'TRADE_CLOSED':
        // Closed before payment: canceled. Closed after payment (a full refund): refunded and revoked.
        if (order.status === 'paid') await this.fulfilment.refund(order.id, event);
        else
          await this.fulfilment.settle({ orderId: order.id, outcome: 'canceled', gateway: 'alipay', event });
        break;
      default: // WAIT_BUYER_PAY: nothing to do yet.
    }
    return 'success';
  }

  /**
   * WeChat Pay's notify (contract §11, §12): signed by the platform key its serial names within 5 minutes, its
   * resource decrypted. A paid transaction for any trade of a WeChat Pay order of this merchant and app, for the
   * order's amount, settles it once; a refund's outcome completes or fails its refund. A verified repeat of a
   * notification handled before (its id) is acknowledged with 200 and changes nothing, as WeChat Pay asks; anything
   * unverified or not matching changes nothing and answers 4xx FAIL.
   */
  async wechatpayNotify(
    rawBody: Buffer | undefined,
    headers: WechatSignedHeaders,
    requestId?: string,
  ): Promise<{ status: 200 | 204 } | { status: 400 | 401; body: { code: 'FAIL'; message: string } }> {
    const fail = (status: 400 | 401, reason: RefusalReason, message: string) => {
      this.logger.warn(`WeChat Pay notify refused: ${message}`);
      this.metrics.notifiesRefused.inc({ gateway: 'wechatpay', reason });
      return { status, body: { code: 'FAIL' as const, message } };
    };
    const notice = await this.wechat.verifyNotify(rawBody ?? Buffer.alloc(0), headers);
    if (!notice) return fail(401, 'signature', 'signature, timestamp or resource not valid');
    const handledKey = `wechatpay:notify:${notice.id.slice(0, 64)}`;
    // Redis away, the notify is handled again: settling and refunding are once-only by themselves.
    if ((await this.redis.exists(handledKey).catch(() => 0)) === 1) return { status: 200 };
    const answer = await this.handleWechatNotice(notice, requestId);
    if (answer === 'handled') {
      // WeChat Pay repeats a notify for up to a day: kept two.
      await this.redis.set(handledKey, '1', 'EX', 2 * 86_400).catch(() => undefined);
      return { status: 204 };
    }
    return fail(400, answer.reason, answer.message);
  }

  private async handleWechatNotice(
    notice: WechatNotice,
    requestId?: string,
  ): Promise<'handled' | { reason: RefusalReason; message: string }> {
    const r = notice.resource as {
      mchid?: string;
      sp_mchid?: string;
      appid?: string;
      out_trade_no?: string;
      out_refund_no?: string;
      transaction_id?: string;
      trade_state?: string;
      refund_status?: string;
      amount?: { total?: number; refund?: number };
    };
    if (notice.eventType.startsWith('REFUND.')) {
      const order = await this.orders.byId(orderIdOf(String(r.out_refund_no ?? '')) ?? '');
      if (!order || order.gateway !== 'wechatpay' || (r.mchid ?? r.sp_mchid) !== this.wechat.merchantId)
        return { reason: 'unknown_order', message: `no WeChat Pay refund ${r.out_refund_no}` };
      await this.refunds.gatewaySaid(order, r.refund_status ?? notice.eventType.slice(7));
      return 'handled';
    }
    if (notice.eventType !== 'TRANSACTION.SUCCESS') return 'handled';
    const orderId = await this.wechatTrades.orderIdOf(String(r.out_trade_no ?? ''));
    const order = orderId ? await this.orders.byId(orderId) : null;
    if (!order || order.gateway !== 'wechatpay')
      return { reason: 'unknown_order', message: `no WeChat Pay order ${r.out_trade_no}` };
    if (r.mchid !== this.wechat.merchantId || r.appid !== this.wechat.appId)
      return { reason: 'mismatch', message: `merchant ${r.mchid}/${r.appid} is not ours` };
    if (r.trade_state !== 'SUCCESS' || r.amount?.total !== order.amount)
      return {
        reason: 'mismatch',
        message: `trade ${r.trade_state} for ${r.amount?.total} fen, the order is ${order.amount}`,
      };
    await this.fulfilment.settle({
      orderId: order.id,
      outcome: 'paid',
      gateway: 'wechatpay',
      gatewayTradeNo: r.transaction_id ?? null,
      event: { gateway: 'wechatpay', id: notice.id, type: notice.eventType },
      requestId,
    });
    return 'handled';
  }

  /** The sandbox cashier's pay and fail buttons, through the same path as a real notify. */
  async sandboxSettle(orderId: string, outcome: Settlement, requestId?: string): Promise<Order | null> {
    const { order } = await this.fulfilment.settle({
      orderId,
      outcome,
      gateway: 'sandbox',
      event: { gateway: 'sandbox', id: `${orderId}:settle`, type: outcome },
      requestId,
    });
    return order;
  }

  /** A Stripe webhook: signature checked on the raw body, each event id handled once. */
  async stripeWebhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    requestId?: string,
  ): Promise<void> {
    if (!this.stripe.available) throw new AppError('NOT_FOUND');
    let event: Stripe.Event;
    try {
      event = this.stripe.constructEvent(rawBody ?? Buffer.alloc(0), signature ?? '');
    } catch (e) {
      this.logger.warn(`Stripe webhook refused: ${(e as Error).message}`);
      this.metrics.notifiesRefused.inc({ gateway: 'stripe', reason: 'signature' });
      throw new AppError('BAD_REQUEST');
    }
    const ref = { gateway: 'stripe' as const, id: event.id, type: event.type };
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const order = await this.stripeOrder(intent.metadata?.orderId);
        if (!order) break;
        if (
          event.type === 'payment_intent.succeeded' &&
          (intent.amount_received !== order.amount || intent.currency !== order.currency.toLowerCase())
        ) {
          await this.fulfilment.flag(
            order.id,
            `Stripe paid ${intent.amount_received} ${intent.currency}, the order is ${order.amount} ${order.currency}`,
          );
          this.metrics.notifiesRefused.inc({ gateway: 'stripe', reason: 'mismatch' });
          break;
        }
        await this.fulfilment.settle({
          orderId: order.id,
          outcome: event.type === 'payment_intent.succeeded' ? 'paid' : 'failed',
          gateway: 'stripe',
          gatewayTradeNo: intent.id,
          event: ref,
          requestId,
        });
        return;
      }
      case 'invoice.paid':
        return this.invoicePaid(event.data.object as InvoiceLike, ref, event.created);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.syncSubscription(event.data.object as SubscriptionLike, ref, event.created, event.type);
    }
    // Anything else, or an event about nothing of ours, is acknowledged and remembered.
    await this.fulfilment.once(ref, null, async () => undefined);
  }

  private async stripeOrder(orderId: string | undefined): Promise<Order | null> {
    const order = isUuid(orderId) ? await this.orders.byId(orderId) : null;
    return order?.gateway === 'stripe' ? order : null;
  }

  /** The first invoice pays the subscription's order; later ones extend its period. */
  private async invoicePaid(
    invoice: InvoiceLike,
    ref: { gateway: 'stripe'; id: string; type: string },
    created: number,
  ) {
    const parent = invoice.parent?.subscription_details;
    const sub = parent?.subscription ?? invoice.subscription ?? null;
    const subscriptionId = typeof sub === 'string' ? sub : (sub?.id ?? null);
    const order = await this.stripeOrder(
      parent?.metadata?.orderId ?? invoice.subscription_details?.metadata?.orderId,
    );
    if (order?.status === 'pending') {
      await this.fulfilment.settle({
        orderId: order.id,
        outcome: 'paid',
        gateway: 'stripe',
        gatewayTradeNo: subscriptionId,
        stripeSubscriptionId: subscriptionId,
        event: ref,
      });
      return;
    }
    const periodEnd = Math.max(0, ...invoice.lines.data.map((l) => l.period?.end ?? 0));
    await this.fulfilment.once(ref, order?.id ?? null, async (tx) => {
      if (subscriptionId && periodEnd)
        await this.subscriptions.applyStripeChange(tx, subscriptionId, created, {
          status: 'active',
          currentPeriodEnd: new Date(periodEnd * 1000),
        });
    });
  }

  private async syncSubscription(
    sub: SubscriptionLike,
    ref: { gateway: 'stripe'; id: string; type: string },
    created: number,
    type: string,
  ) {
    const end = sub.current_period_end ?? sub.items?.data?.[0]?.current_period_end;
    await this.fulfilment.once(ref, null, async (tx) => {
      const ended =
        type === 'customer.subscription.deleted' ||
        ['canceled', 'unpaid', 'incomplete_expired'].includes(sub.status);
      await this.subscriptions.applyStripeChange(tx, sub.id, created, {
        status: ended ? 'expired' : sub.cancel_at_period_end ? 'canceled' : 'active',
        ...(ended
          ? { currentPeriodEnd: new Date(Math.min(Date.now(), (end ?? Infinity) * 1000)) }
          : end
            ? { currentPeriodEnd: new Date(end * 1000) }
            : {}),
      });
    });
  }
}
