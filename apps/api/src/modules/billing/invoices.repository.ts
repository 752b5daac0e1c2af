import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { InvoiceStatus } from '@think-tank/contracts';
import { In, Repository, type DeepPartial, type FindOptionsWhere } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { decidePending } from '../../core/database/decide-pending';
import type { Tx } from '../../core/database/transactions.service';
import { updateReturning } from '../../core/database/update-returning';
import { InvoiceRequest } from './entities/invoice-request.entity';
import { Order } from './entities/order.entity';

/** The row as a decision returns it: everything but the PDF, which can be megabytes. */
const RETURNED = `id, "orderId", "userId", "titleType", type, title, "taxNumber", email, address, phone, bank, account, status,
  "invoiceNumber", "reversalNumber", "rejectReason", "createdAt", "decidedAt"`;
/** Statuses whose invoice was issued: its PDF stays downloadable, also once reversed (the books keep both). */
const ISSUED = In(['issued', 'reversal_due', 'reversed']);

/** A request as support lists it: with its order's subject and price, and its buyer's name. */
export interface ListedInvoiceRequest {
  request: InvoiceRequest;
  orderSubject: string;
  amount: number;
  currency: 'CNY' | 'USD';
  username: string | null;
}

/** Invoice requests (发票), their PDFs, and every change of their status. */
@Injectable()
export class InvoicesRepository {
  constructor(@InjectRepository(InvoiceRequest) private readonly requests: Repository<InvoiceRequest>) {}

  /** A new request; one live request per order is a partial unique index (a unique violation for the second). */
  insert(tx: Tx, fields: DeepPartial<InvoiceRequest>): Promise<InvoiceRequest> {
    return tx.save(InvoiceRequest, tx.create(InvoiceRequest, fields));
  }

  /** The order was refunded: a pending request is closed; an issued invoice is due its reversal (its number). */
  async orderRefunded(tx: Tx, orderId: string): Promise<string | null> {
    await tx.update(
      InvoiceRequest,
      { orderId, status: 'pending' },
      { status: 'closed', decidedAt: () => 'now()' },
    );
    const [due] = await updateReturning<Pick<InvoiceRequest, 'invoiceNumber'>>(
      tx,
      `UPDATE invoice_requests SET status = 'reversal_due', "updatedAt" = now()
        WHERE "orderId" = $1 AND status = 'issued' RETURNING "invoiceNumber"`,
      [orderId],
    );
    return due?.invoiceNumber ?? null;
  }

  /** Every request of these orders, oldest first. */
  ofOrders(orderIds: string[]): Promise<InvoiceRequest[]> {
    return orderIds.length
      ? this.requests.find({ where: { orderId: In(orderIds) }, order: { createdAt: 'ASC' } })
      : Promise.resolve([]);
  }

  /** The latest issued invoice matching `where`, with its PDFs. */
  issued(where: FindOptionsWhere<InvoiceRequest>): Promise<InvoiceRequest | null> {
    return this.requests.findOne({
      where: { ...where, status: ISSUED },
      select: { id: true, pdf: true, invoiceNumber: true, reversalPdf: true, reversalNumber: true },
      order: { createdAt: 'DESC' },
    });
  }

  /**
   * Support's list: pending ones oldest first, else newest first. (It reads the buyer's name from auth's `users`
   * in the same statement: one join instead of a call per page.)
   */
  async page(
    status: InvoiceStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<[ListedInvoiceRequest[], number]> {
    const q = this.requests
      .createQueryBuilder('r')
      .innerJoin(Order, 'o', 'o.id = r.orderId')
      .leftJoin('users', 'u', 'u.id = r.userId')
      .addSelect(['o.subject AS "orderSubject"', 'o.amount AS amount', 'o.currency AS currency'])
      .addSelect('u.username', 'username')
      .orderBy('r.createdAt', status === 'pending' ? 'ASC' : 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize);
    if (status) q.where('r.status = :status', { status });
    const [{ entities, raw }, total] = await Promise.all([q.getRawAndEntities(), q.getCount()]);
    const rows = entities.map((request, i) => {
      const extra = raw[i] as Omit<ListedInvoiceRequest, 'request'>;
      return { request, ...extra, amount: Number(extra.amount) };
    });
    return [rows, total];
  }

  /** Moves a request from `from` to its answer once (409 APPLICATION_DECIDED for a second answer, 404 for none). */
  decide(
    tx: Tx,
    id: string,
    change: QueryDeepPartialEntity<InvoiceRequest>,
    from: InvoiceStatus,
  ): Promise<InvoiceRequest> {
    return decidePending(tx, InvoiceRequest, id, change, RETURNED, from);
  }
}
