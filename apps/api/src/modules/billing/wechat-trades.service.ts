import { Injectable } from '@nestjs/common';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import type { Order } from './entities/order.entity';
import {
  nextWechatTradeNo,
  orderIdOf,
  wechatTradeNo,
  WechatPayError,
  WechatPayGateway,
  type WechatMethod,
} from './gateways/wechatpay.gateway';
import { OrderTradesRepository } from './order-trades.repository';

/**
 * Which WeChat Pay trade an order pays through (contract §12 "WeChat"). WeChat Pay refuses one `out_trade_no` for
 * another way of paying (`OUT_TRADE_NO_USED`), so paying a pending order again by another method closes its open
 * trade first (a paid one stops it: the order is settled by its notify) and opens one under a new number.
 */
@Injectable()
export class WechatTradesService {
  constructor(
    private readonly trades: OrderTradesRepository,
    private readonly transactions: Transactions,
    private readonly gateway: WechatPayGateway,
  ) {}

  /** The number of the trade to pay the order by `method` through: its open one for that method, else a new one. */
  tradeFor(order: Order, method: WechatMethod): Promise<string> {
    return this.transactions.run(async (tx) => {
      await this.trades.lockOrder(tx, order.id);
      const all = await this.trades.of(order.id, tx);
      const current = all.at(-1);
      if (current && !current.closedAt && current.method === method) return current.tradeNo;
      for (const open of all.filter((t) => !t.closedAt)) await this.close(open.tradeNo, tx);
      const tradeNo = all.length ? nextWechatTradeNo(order.id) : wechatTradeNo(order.id);
      await this.trades.add(tx, { tradeNo, orderId: order.id, gateway: 'wechatpay', method });
      return tradeNo;
    });
  }

  /** The trade numbers still open (one, but for an order from before trades were kept: its own number). */
  async openTradeNos(order: Order): Promise<string[]> {
    const all = await this.trades.of(order.id);
    return all.length ? all.filter((t) => !t.closedAt).map((t) => t.tradeNo) : [wechatTradeNo(order.id)];
  }

  /** Closes every open trade of the order at WeChat Pay; `ORDERPAID` is 409 CONFLICT (a notify will settle it). */
  async closeAll(order: Order): Promise<void> {
    for (const tradeNo of await this.openTradeNos(order)) await this.close(tradeNo);
  }

  /** The order a notify's or a query's `out_trade_no` belongs to. */
  async orderIdOf(tradeNo: string): Promise<string | null> {
    return (await this.trades.orderIdOf(tradeNo)) ?? orderIdOf(tradeNo);
  }

  /** The trade to name in a refund when WeChat's transaction id is not known: the newest. */
  async latestTradeNo(order: Order): Promise<string> {
    return (await this.trades.of(order.id)).at(-1)?.tradeNo ?? wechatTradeNo(order.id);
  }

  private async close(tradeNo: string, tx?: Tx): Promise<void> {
    await this.gateway.closeTrade(tradeNo).catch((e: unknown) => {
      throw e instanceof WechatPayError && e.code === 'ORDERPAID' ? new AppError('CONFLICT') : e;
    });
    await this.trades.closed(tradeNo, tx);
  }
}
