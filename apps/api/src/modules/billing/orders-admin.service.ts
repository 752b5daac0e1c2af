import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AdminOrder,
  AdminPage,
  OrderStatus,
  PaymentGateway,
  ReconcileResult,
  Stage,
} from '@think-tank/contracts';
import { DataSource, In } from 'typeorm';
import { AuditService } from '../../core/audit/audit.service';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { Order, subjectIds } from './entities/order.entity';
import { Refund } from './entities/refund.entity';
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
    @InjectDataSource() private readonly db: DataSource,
    private readonly refunds: RefundsService,
    private readonly reconciliation: ReconciliationService,
    private readonly audit: AuditService,
    private readonly fulfilment: FulfilmentService,
  ) {}

  async list(
    filter: { userId?: string; status?: OrderStatus; gateway?: PaymentGateway; flagged?: boolean },
    page: number,
    pageSize: number,
  ): Promise<AdminPage<AdminOrder>> {
    const q = this.db.getRepository(Order).createQueryBuilder('o').orderBy('o.createdAt', 'DESC');
    if (filter.userId) q.andWhere('o.userId = :userId', { userId: filter.userId });
    if (filter.status) q.andWhere('o.status = :status', { status: filter.status });
    if (filter.gateway) q.andWhere('o.gateway = :gateway', { gateway: filter.gateway });
    if (filter.flagged) q.andWhere('o.flaggedReason IS NOT NULL');
    const [rows, total] = await q
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    const refunds = rows.length
      ? await this.db.getRepository(Refund).findBy({ orderId: In(rows.map((o) => o.id)) })
      : [];
    const refundOf = new Map(refunds.map((r) => [r.orderId, r]));
    const delivered = await this.fulfilment.deliveredOf(rows);
    return {
      items: rows.map((o) => toAdminOrder(o, refundOf.get(o.id), delivered.get(o.id) ?? null)),
      total,
      page,
      pageSize,
    };
  }

  async get(id: string): Promise<AdminOrder> {
    const order = await this.find(id);
    const delivered = await this.fulfilment.deliveredOf([order]);
    return toAdminOrder(
      order,
      await this.db.getRepository(Refund).findOneBy({ orderId: id }),
      delivered.get(id) ?? null,
    );
  }

  /** Asks the order's gateway to return the money; once it agreed, `paid → refunded`, revoked and audited. */
  async refund(actorId: string, id: string): Promise<AdminOrder> {
    await this.refunds.refund(actorId, await this.find(id));
    return this.get(id);
  }

  async reconcile(actorId: string, id: string): Promise<ReconcileResult> {
    const result = await this.reconciliation.reconcile(await this.find(id));
    await this.db.transaction((tx) =>
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
    const order = isUuid(id) ? await this.db.getRepository(Order).findOneBy({ id }) : null;
    if (!order) throw new AppError('NOT_FOUND');
    return order;
  }
}
