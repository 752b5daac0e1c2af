import { Injectable } from '@nestjs/common';
import type {
  AdminOrder,
  AdminPage,
  OrderStatus,
  PaymentGateway,
  ReconcileResult,
  Stage,
} from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { Order, subjectIds } from './entities/order.entity';
import type { Refund } from './entities/refund.entity';
import { OrdersRepository } from './orders.repository';
import { RefundsRepository } from './refunds.repository';
import { ReconciliationService } from './reconciliation.service';
import { FulfilmentService } from './fulfilment.service';
import { RefundsService } from './refunds.service';

export const toAdminOrder = (
  o: Order,
  r: Refund | null = null,
  delivered: boolean | null = null,
): AdminOrder => ({
  id: o.id,
  userId: o.userId,
  gateway: o.gateway,
  method: o.method,
  itemType: o.itemType,
  itemId: o.itemId,
  subject: o.subject,
  amount: o.amount,
  currency: o.currency,
  status: o.status,
  gatewayTradeNo: o.gatewayTradeNo,
  flaggedReason: o.flaggedReason,
  ...subjectIds(o),
  stage: o.subjectKind === 'demand' ? (o.subjectPart as Stage) : null,
  paidAt: o.paidAt?.toISOString() ?? null,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
  refund: r && {
    status: r.status,
    gatewayRefundId: r.gatewayRefundId,
    reason: r.reason,
    attempts: r.attempts,
    updatedAt: r.updatedAt.toISOString(),
  },
  delivered,
});

/** Orders as support staff see them: filter, open, reconcile with the gateway, refund (admin). */
@Injectable()
export class OrdersAdminService {
  constructor(
    private readonly transactions: Transactions,
    private readonly orders: OrdersRepository,
    private readonly refundRows: RefundsRepository,
    private readonly refunds: RefundsService,
    private readonly reconciliation: ReconciliationService,
    private readonly audit: AuditLog,
    private readonly fulfilment: FulfilmentService,
  ) {}

  async list(
    filter: { userId?: string; status?: OrderStatus; gateway?: PaymentGateway; flagged?: boolean },
    page: number,
    pageSize: number,
  ): Promise<AdminPage<AdminOrder>> {
    const [rows, total] = await this.orders.adminPage(filter, page, pageSize);
    const refundOf = await this.refundRows.ofOrders(rows.map((o) => o.id));
    const delivered = await this.fulfilment.deliveredOf(rows);
    return {
      items: rows.map((o) => toAdminOrder(o, refundOf.get(o.id), delivered.get(o.id) ?? null)),
      total,
      page,
      pageSize,
    };
  }

  /** How many orders each gateway holds in each status (the operational gauge). */
  counts(): Promise<{ gateway: string; status: string; n: number }[]> {
    return this.orders.countsByGatewayAndStatus();
  }

  /** The age of the oldest refund that failed after the gateway accepted it (waiting for support). */
  oldestFailedRefundSeconds(): Promise<number> {
    return this.refundRows.oldestFailedSeconds();
  }

  async get(id: string): Promise<AdminOrder> {
    const order = await this.find(id);
    const delivered = await this.fulfilment.deliveredOf([order]);
    return toAdminOrder(order, await this.refundRows.of(id), delivered.get(id) ?? null);
  }

  /** Asks the order's gateway to return the money; once it agreed, `paid → refunded`, revoked and audited. */
  async refund(actorId: string, id: string): Promise<AdminOrder> {
    await this.refunds.refund(actorId, await this.find(id));
    return this.get(id);
  }

  async reconcile(actorId: string, id: string): Promise<ReconcileResult> {
    const result = await this.reconciliation.reconcile(await this.find(id));
    await this.transactions.run((tx) =>
      this.audit.record(tx, {
        actorId,
        action: 'order.reconcile',
        targetType: 'order',
        targetId: id,
        details: {
          gatewayStatus: result.gatewayStatus,
          changed: result.changed,
          status: result.order.status,
        },
      }),
    );
    return {
      order: await this.get(id),
      gatewayStatus: result.gatewayStatus,
      changed: result.changed,
    };
  }

  private async find(id: string): Promise<Order> {
    const order = isUuid(id) ? await this.orders.byId(id) : null;
    if (!order) throw new AppError('NOT_FOUND');
    return order;
  }
}
