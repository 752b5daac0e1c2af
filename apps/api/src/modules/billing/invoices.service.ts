import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  formatMoney,
  type AdminInvoiceRequest,
  type AdminPage,
  type InvoiceRequest as InvoiceRequestBody,
  type InvoiceStatus,
  type OrderInvoice,
} from '@think-tank/contracts';
import { DataSource, In, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AuditService } from '../../core/audit/audit.service';
import { decidePending } from '../../core/database/decide-pending';
import { updateReturning } from '../../core/database/update-returning';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { Messages, NotificationsService } from '../notifications';
import { decodePdf, toInvoiceBody, type InvoiceRequestDto } from './dto/invoice.dto';
import { InvoiceRequest } from './entities/invoice-request.entity';
import { Order } from './entities/order.entity';

/** The row as a decision returns it: everything but the PDF, which can be megabytes. */
const RETURNED = `id, "orderId", "userId", type, title, "taxNumber", email, address, phone, bank, account, status,
  "invoiceNumber", "reversalNumber", "rejectReason", "createdAt", "decidedAt"`;
/** Statuses whose invoice was issued: its PDF stays downloadable, also once reversed (the books keep both). */
const ISSUED = In(['issued', 'reversal_due', 'reversed']);

/** The audit action of each answer support gives a request. */
const AUDITED_AS = { issued: 'issue', rejected: 'reject', reversed: 'reverse' } as const;

/**
 * Invoices (发票): a buyer asks for one for a paid order, support issues it (number and PDF) or refuses it with a
 * reason, and the buyer is told and downloads it. Each request is decided once; a refund closes a pending one and
 * marks an issued one for a red-letter reversal, which support uploads (FulfilmentService.refund).
 */
@Injectable()
export class InvoicesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  async request(userId: string, orderId: string, input: InvoiceRequestDto): Promise<InvoiceRequestBody> {
    if (!isUuid(orderId)) throw new AppError('NOT_FOUND');
    return this.db.transaction(async (tx) => {
      // Shares the order's row lock with a refund: a refund committing now is waited for and seen (409), and one
      // coming after finds this request to close.
      const [order]: Pick<Order, 'status'>[] = await tx.query(
        `SELECT status FROM orders WHERE id = $1 AND "userId" = $2 FOR SHARE`,
        [orderId, userId],
      );
      if (!order) throw new AppError('NOT_FOUND');
      if (order.status !== 'paid') throw new AppError('ORDER_NOT_PAID');
      return this.insertRequest(tx, userId, orderId, input);
    });
  }

  private async insertRequest(
    tx: EntityManager,
    userId: string,
    orderId: string,
    input: InvoiceRequestDto,
  ): Promise<InvoiceRequestBody> {
    const repo = tx.getRepository(InvoiceRequest);
    // A normal invoice keeps none of the special invoice's fields, whatever the form sent.
    const special = input.type === 'special';
    const row = repo.create({
      ...input,
      taxNumber: input.taxNumber.toUpperCase(),
      address: special ? input.address : '',
      phone: special ? input.phone : '',
      bank: special ? input.bank : '',
      account: special ? input.account : '',
      orderId,
      userId,
    });
    try {
      return toInvoiceBody(await repo.save(row));
    } catch (e) {
      // The partial unique index: one live request per order, however many arrive at once.
      if ((e as { code?: string }).code === '23505') throw new AppError('INVOICE_ALREADY_REQUESTED');
      throw e;
    }
  }

  /**
   * The order was refunded (in its refunding transaction): a pending request is closed, an issued invoice is due a
   * red-letter reversal (红冲) in the console. Answers the number of the invoice to reverse, if any.
   */
  async orderRefunded(tx: EntityManager, orderId: string): Promise<string | null> {
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

  /** The latest request of each of these orders (the order list shows them). */
  async latestOf(orderIds: string[]): Promise<Map<string, OrderInvoice>> {
    if (!orderIds.length) return new Map();
    const rows = await this.db
      .getRepository(InvoiceRequest)
      .find({ where: { orderId: In(orderIds) }, order: { createdAt: 'ASC' } });
    return new Map(
      rows.map((r) => [
        r.orderId,
        {
          id: r.id,
          type: r.type,
          status: r.status,
          invoiceNumber: r.invoiceNumber,
          reversalNumber: r.reversalNumber,
          rejectReason: r.rejectReason,
        },
      ]),
    );
  }

  /**
   * The issued invoice of the buyer's own order, or (`reversal`) the red-letter invoice that cancels it; 404 for
   * anyone else's, or before it exists.
   */
  async pdfOf(
    userId: string,
    orderId: string,
    reversal = false,
  ): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    return this.pdf(isUuid(orderId) ? { orderId, userId, status: ISSUED } : null, reversal);
  }

  /** An issued invoice, or its red-letter reversal, as support sees it. */
  async adminPdf(id: string, reversal = false): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    return this.pdf(isUuid(id) ? { id, status: ISSUED } : null, reversal);
  }

  async list(
    status: InvoiceStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<AdminPage<AdminInvoiceRequest>> {
    const q = this.db
      .getRepository(InvoiceRequest)
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
    const items = entities.map((r, i) => {
      const extra = raw[i] as {
        orderSubject: string;
        amount: number;
        currency: 'CNY' | 'USD';
        username: string;
      };
      return {
        ...toInvoiceBody(r),
        userId: r.userId,
        username: extra.username ?? '',
        orderSubject: extra.orderSubject,
        displayPrice: formatMoney({ amount: Number(extra.amount), currency: extra.currency }),
      };
    });
    return { items, total, page, pageSize };
  }

  async issue(
    actorId: string,
    id: string,
    invoiceNumber: string,
    pdfBase64: string,
  ): Promise<InvoiceRequestBody> {
    const pdf = decodePdf(pdfBase64);
    return this.decide(actorId, id, { status: 'issued', invoiceNumber, pdf }, (r) =>
      Messages.invoiceIssued(invoiceNumber, r.title),
    );
  }

  async reject(actorId: string, id: string, reason: string): Promise<InvoiceRequestBody> {
    return this.decide(actorId, id, { status: 'rejected', rejectReason: reason }, () =>
      Messages.invoiceRejected(reason),
    );
  }

  /** The red-letter invoice (红冲) of an issued invoice whose order was refunded: uploaded once, the buyer told. */
  async reverse(
    actorId: string,
    id: string,
    reversalNumber: string,
    pdfBase64: string,
  ): Promise<InvoiceRequestBody> {
    const reversalPdf = decodePdf(pdfBase64);
    return this.decide(
      actorId,
      id,
      { status: 'reversed', reversalNumber, reversalPdf },
      (r) => Messages.invoiceReversed(r.invoiceNumber ?? '', reversalNumber),
      'reversal_due',
    );
  }

  private async pdf(
    where: FindOptionsWhere<InvoiceRequest> | null,
    reversal: boolean,
  ): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    const row = where
      ? await this.db.getRepository(InvoiceRequest).findOne({
          where,
          select: { id: true, pdf: true, invoiceNumber: true, reversalPdf: true, reversalNumber: true },
          order: { createdAt: 'DESC' },
        })
      : null;
    const [pdf, invoiceNumber] = reversal
      ? [row?.reversalPdf, row?.reversalNumber]
      : [row?.pdf, row?.invoiceNumber];
    if (!pdf || !invoiceNumber) throw new AppError('NOT_FOUND');
    return { pdf, invoiceNumber };
  }

  /** Moves a pending request to its answer once (a second answer is 409), audited, and tells the buyer. */
  private async decide(
    actorId: string,
    id: string,
    change: Partial<InvoiceRequest>,
    message: (r: InvoiceRequest) => ReturnType<typeof Messages.invoiceRejected>,
    from: InvoiceStatus = 'pending',
  ): Promise<InvoiceRequestBody> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const { decided, push } = await this.db.transaction(async (tx) => {
      const decided = await decidePending(
        tx,
        InvoiceRequest,
        id,
        { ...change, decidedBy: actorId, decidedAt: () => 'now()' },
        RETURNED,
        from,
      );
      await this.audit.record(tx, {
        actorId,
        action: `invoice.${AUDITED_AS[change.status as 'issued' | 'rejected' | 'reversed']}`,
        targetType: 'order',
        targetId: decided.orderId,
        details: {
          requestId: id,
          invoiceNumber: change.invoiceNumber ?? null,
          ...(change.reversalNumber && { reversalNumber: change.reversalNumber }),
          reason: change.rejectReason ?? null,
        },
      });
      const push = await this.notifications.write(tx, [decided.userId], message(decided));
      return { decided, push };
    });
    await push();
    return toInvoiceBody(decided);
  }
}
