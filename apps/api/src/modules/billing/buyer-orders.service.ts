import { Injectable } from '@nestjs/common';
import {
  WebRoute,
  formatMoney,
  type Language,
  type MyOrdersPage,
  type OrderStatusResponse,
  subjectRoute,
} from '@think-tank/contracts';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { ORDER_STATUS_MESSAGES } from './billing.messages';
import { InvoicesService } from './invoices.service';
import { type Order, subjectIds, subjectOf } from './entities/order.entity';
import { OrdersRepository } from './orders.repository';

/** Where an order's buyer finds what it bought: its subject (solution, demand), the subscription; null for the rest. */
const linkOf = (order: Order): string | null => {
  const subject = subjectOf(order);
  if (subject) return subjectRoute(subject);
  return order.itemType === 'subscription' ? WebRoute.subscriptionManagement : null;
};

/** A buyer's view of their own orders: one order's status (the payment return page polls it) and their list. */
@Injectable()
export class BuyerOrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly invoices: InvoicesService,
  ) {}

  async orderStatus(userId: string, orderId: string, lang: Language): Promise<OrderStatusResponse> {
    const order = isUuid(orderId) ? await this.orders.ownedBy(orderId, userId) : null;
    if (!order)
      throw new AppError('NOT_FOUND', {
        status: 'not_found',
        message: ORDER_STATUS_MESSAGES.not_found[lang],
      });
    return {
      status: order.status,
      paymentType: order.paymentType,
      itemId: order.itemId,
      itemType: order.itemType,
      amount: order.amount,
      currency: order.currency,
      creditApplied: order.creditApplied,
      redirectUrl: linkOf(order),
      ...subjectIds(order),
      message: ORDER_STATUS_MESSAGES[order.status][lang],
    };
  }

  /** The user's own orders, newest first, each with a link back to what it bought (customer-area: /profile/orders). */
  async myOrders(userId: string, page: number, pageSize: number): Promise<MyOrdersPage> {
    const [rows, total] = await this.orders.pageOf(userId, page, pageSize);
    const invoices = await this.invoices.latestOf(rows.map((o) => o.id));
    return {
      items: rows.map((o) => ({
        id: o.id,
        subject: o.subject,
        itemType: o.itemType,
        priceInfo: { amount: o.amount, currency: o.currency },
        displayPrice: formatMoney({ amount: o.amount, currency: o.currency }),
        gateway: o.gateway,
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        paidAt: o.paidAt?.toISOString() ?? null,
        link: linkOf(o),
        invoice: invoices.get(o.id) ?? null,
      })),
      total,
      page,
      pageSize,
    };
  }
}
