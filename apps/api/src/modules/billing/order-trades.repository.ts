import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { Order } from './entities/order.entity';
import { OrderTrade } from './entities/order-trade.entity';

/** The trades each order opened at its gateway, newest last. */
@Injectable()
export class OrderTradesRepository {
  constructor(@InjectRepository(OrderTrade) private readonly trades: Repository<OrderTrade>) {}

  /** The order, locked until the caller's transaction ends, so that one trade is opened at a time. */
  async lockOrder(tx: Tx, orderId: string): Promise<void> {
    await tx.findOne(Order, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
  }

  of(orderId: string, tx: Tx = this.trades.manager): Promise<OrderTrade[]> {
    return tx.find(OrderTrade, { where: { orderId }, order: { openedAt: 'ASC' } });
  }

  open(orderId: string, tx: Tx = this.trades.manager): Promise<OrderTrade[]> {
    return tx.find(OrderTrade, { where: { orderId, closedAt: IsNull() }, order: { openedAt: 'ASC' } });
  }

  async add(tx: Tx, trade: Pick<OrderTrade, 'tradeNo' | 'orderId' | 'gateway' | 'method'>): Promise<void> {
    await tx.insert(OrderTrade, trade);
  }

  async closed(tradeNo: string, tx: Tx = this.trades.manager): Promise<void> {
    await tx.update(OrderTrade, { tradeNo }, { closedAt: new Date() });
  }

  async orderIdOf(tradeNo: string): Promise<string | null> {
    const row = await this.trades.findOne({ where: { tradeNo }, select: { orderId: true } });
    return row?.orderId ?? null;
  }
}
