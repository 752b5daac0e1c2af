import { Injectable, Logger } from '@nestjs/common';
import { MetricsService } from '../../core/metrics/metrics.service';
import type { Order } from './entities/order.entity';
import { OrdersRepository } from './orders.repository';
import { FulfilmentService, type Settlement } from './fulfilment.service';
import { AlipayGateway, yuanToFen } from './gateways/alipay.gateway';
import { StripeGateway } from './gateways/stripe.gateway';
import { WechatPayGateway } from './gateways/wechatpay.gateway';
import { WechatTradesService } from './wechat-trades.service';
import { SandboxLedger } from './sandbox-ledger.service';

/** Orders younger than this are left to the gateway's own notify; older than the window are support's call. */
const QUIET_MINUTES = 15;
const WINDOW_DAYS = 2;
/** How long an order may wait for its payment: WeChat Pay's Native code lives 2 h; then the trades are closed. */
const UNPAID_LIFE_MS = 2 * 3600_000;

export interface Reconciliation {
  order: Order;
  gatewayStatus: string;
  changed: boolean;
}

/**
 * Asks an order's gateway where a pending payment stands (Alipay's trade query, WeChat Pay's, Stripe's payment
 * intent, the sandbox's own books) and settles it through the one fulfilment path: a notify that never came is made good,
 * and one that comes later changes nothing.
 */
@Injectable()
export class ReconciliationService {
  private readonly logger = new Logger(ReconciliationService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly alipay: AlipayGateway,
    private readonly stripe: StripeGateway,
    private readonly wechat: WechatPayGateway,
    private readonly sandbox: SandboxLedger,
    private readonly metrics: MetricsService,
    private readonly wechatTrades: WechatTradesService,
  ) {}

  async reconcile(order: Order): Promise<Reconciliation> {
    if (order.status !== 'pending') return { order, gatewayStatus: order.status, changed: false };
    const { status, outcome, tradeNo } = await this.ask(order);
    if (!outcome) return { order, gatewayStatus: status, changed: false };
    const settled = await this.fulfilment.settle({
      orderId: order.id,
      outcome,
      gateway: order.gateway,
      gatewayTradeNo: tradeNo,
      // The same event id as the notify it stands for (sandbox) or one per answer, so that either settles once.
      event: {
        gateway: order.gateway,
        id: order.gateway === 'sandbox' ? `${order.id}:settle` : `reconcile:${order.id}:${status}`,
        type: `reconcile.${status}`,
      },
    });
    return { order: settled.order ?? order, gatewayStatus: status, changed: settled.changed };
  }

  /** Reconciles every order pending for longer than the notify should take (the scheduled job). */
  async reconcileStale(): Promise<number> {
    const now = Date.now();
    const stale = await this.orders.pendingBetween(
      new Date(now - WINDOW_DAYS * 86_400_000),
      new Date(now - QUIET_MINUTES * 60_000),
    );
    let settled = 0;
    for (const order of stale) {
      try {
        const { changed, gatewayStatus } = await this.reconcile(order);
        if (changed) settled += 1;
        // The books and the gateway disagreed: a notify that never came, or an amount that differs.
        if (changed || gatewayStatus === 'AMOUNT_MISMATCH')
          this.metrics.reconcileMismatches.inc({
            gateway: order.gateway,
            kind: changed ? 'missed_notify' : 'amount',
          });
      } catch (e) {
        this.logger.warn(`reconciling order ${order.id} failed: ${(e as Error).message}`);
      }
    }
    return settled;
  }

  private async ask(
    order: Order,
  ): Promise<{ status: string; outcome: Settlement | null; tradeNo: string | null }> {
    if (order.gateway === 'sandbox') {
      const outcome = await this.sandbox.outcomeOf(order.id);
      return { status: outcome ?? 'no_payment', outcome, tradeNo: null };
    }
    if (order.gateway === 'alipay' && this.alipay.available) {
      let trade = await this.alipay.queryTrade(order);
      // Unpaid for as long as a WeChat code lives: closed at Alipay too, so that its cashier takes nothing later.
      const waiting = trade.status === 'WAIT_BUYER_PAY' || trade.status === 'TRADE_NOT_EXIST';
      if (
        waiting &&
        Date.now() - order.createdAt.getTime() > UNPAID_LIFE_MS &&
        (await this.alipay.closeTrade(order))
      )
        trade = { ...trade, status: 'TRADE_CLOSED' };
      const paid = trade.status === 'TRADE_SUCCESS' || trade.status === 'TRADE_FINISHED';
      if (paid && (!trade.totalAmount || yuanToFen(trade.totalAmount) !== order.amount)) {
        await this.fulfilment.flag(order.id, `trade query amount ${trade.totalAmount} differs`);
        return { status: 'AMOUNT_MISMATCH', outcome: null, tradeNo: null };
      }
      return {
        status: trade.status,
        outcome: paid ? 'paid' : trade.status === 'TRADE_CLOSED' ? 'canceled' : null,
        tradeNo: trade.tradeNo,
      };
    }
    if (order.gateway === 'wechatpay' && this.wechat.available) {
      // The open trade is the one that can take money (an older one was closed before it opened).
      const [tradeNo] = (await this.wechatTrades.openTradeNos(order)).slice(-1);
      let trade = tradeNo
        ? await this.wechat.queryTrade(tradeNo)
        : { state: 'CLOSED', transactionId: null, total: null };
      // Its code lives two hours: an order still unpaid after them is closed at WeChat Pay, then here.
      if (trade.state === 'NOTPAY' && Date.now() - order.createdAt.getTime() > UNPAID_LIFE_MS) {
        await this.wechatTrades.closeAll(order);
        trade = { ...trade, state: 'CLOSED' };
      }
      if (trade.state === 'SUCCESS' && trade.total !== order.amount) {
        await this.fulfilment.flag(order.id, `trade query amount ${trade.total} fen differs`);
        return { status: 'AMOUNT_MISMATCH', outcome: null, tradeNo: null };
      }
      return {
        status: trade.state,
        outcome: trade.state === 'SUCCESS' ? 'paid' : trade.state === 'CLOSED' ? 'canceled' : null,
        tradeNo: trade.transactionId,
      };
    }
    if (order.gateway === 'stripe' && this.stripe.available && order.gatewayTradeNo?.startsWith('pi_')) {
      const status = await this.stripe.intentStatus(order.gatewayTradeNo);
      return {
        status,
        outcome: status === 'succeeded' ? 'paid' : status === 'canceled' ? 'canceled' : null,
        tradeNo: order.gatewayTradeNo,
      };
    }
    return { status: 'unknown', outcome: null, tradeNo: null };
  }
}
