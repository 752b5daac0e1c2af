import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  INVOICE_LIMITS,
  formatMoney,
  type AdminInvoiceRequest,
  type AdminPage,
  type InvoiceRequest as InvoiceRequestBody,
  type InvoiceStatus,
  type OrderInvoice,
} from '@think-tank/contracts';
import { DataSource, In, type FindOptionsWhere } from 'typeorm';
import { AuditService } from '../../core/audit/audit.service';
import { decidePending } from '../../core/database/decide-pending';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { Messages, NotificationsService } from '../notifications';
import type { InvoiceRequestDto } from './dto/invoice.dto';
import { InvoiceRequest } from './entities/invoice-request.entity';
import { Order } from './entities/order.entity';

/** The row as a decision returns it: everything but the PDF, which can be megabytes. */
const RETURNED = `id, "orderId", "userId", type, title, "taxNumber", email, address, phone, bank, account, status,
  "invoiceNumber", "rejectReason", "createdAt", "decidedAt"`;

/** Standard base64, padded: what a browser's FileReader or btoa makes of a file. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const toBody = (r: InvoiceRequest): InvoiceRequestBody => ({
  id: r.id,
  orderId: r.orderId,
  type: r.type,
  title: r.title,
  taxNumber: r.taxNumber,
  email: r.email,
  address: r.address,
  phone: r.phone,
  bank: r.bank,
  account: r.account,
  status: r.status,
  invoiceNumber: r.invoiceNumber,
  rejectReason: r.rejectReason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** The PDF support uploads: base64 of at most INVOICE_LIMITS.pdfBytes that is a PDF; 400 INVALID_PDF otherwise. */
function decodePdf(base64: string): Buffer {
  if (base64.length > Math.ceil(INVOICE_LIMITS.pdfBytes / 3) * 4 || !BASE64.test(base64))
    throw new AppError('INVALID_PDF');
  const pdf = Buffer.from(base64, 'base64');
  if (pdf.length === 0 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new AppError('INVALID_PDF');
  return pdf;
}

/**
 * Invoices (发票): a buyer asks for one for a paid order, support issues it (number and PDF) or refuses it with a
 * reason, and the buyer is told and downloads it. Each request is decided once; a refund closes a pending one
 * (FulfilmentService.refund).
 */
@Injectable()
export class InvoicesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  async request(userId: string, orderId: string, input: InvoiceRequestDto): Promise<InvoiceRequestBody> {
    const order = isUuid(orderId)
      ? await this.db.getRepository(Order).findOneBy({ id: orderId, userId })
      : null;
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status !== 'paid') throw new AppError('ORDER_NOT_PAID');
    const repo = this.db.getRepository(InvoiceRequest);
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
      return toBody(await repo.save(row));
    } catch (e) {
      // The partial unique index: one live request per order, however many arrive at once.
      if ((e as { code?: string }).code === '23505') throw new AppError('INVOICE_ALREADY_REQUESTED');
      throw e;
    }
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
          rejectReason: r.rejectReason,
        },
      ]),
    );
  }

  /** The issued invoice of the buyer's own order; 404 for anyone else's, or before it is issued. */
  async pdfOf(userId: string, orderId: string): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    return this.pdf(isUuid(orderId) ? { orderId, userId, status: 'issued' } : null);
  }

  /** An issued invoice as support sees it. */
  async adminPdf(id: string): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    return this.pdf(isUuid(id) ? { id, status: 'issued' } : null);
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
        ...toBody(r),
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

  private async pdf(
    where: FindOptionsWhere<InvoiceRequest> | null,
  ): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    const row = where
      ? await this.db.getRepository(InvoiceRequest).findOne({
          where,
          select: { id: true, pdf: true, invoiceNumber: true },
          order: { createdAt: 'DESC' },
        })
      : null;
    if (!row?.pdf || !row.invoiceNumber) throw new AppError('NOT_FOUND');
    return { pdf: row.pdf, invoiceNumber: row.invoiceNumber };
  }

  /** Moves a pending request to its answer once (a second answer is 409), audited, and tells the buyer. */
  private async decide(
    actorId: string,
    id: string,
    change: Partial<InvoiceRequest>,
    message: (r: InvoiceRequest) => ReturnType<typeof Messages.invoiceRejected>,
  ): Promise<InvoiceRequestBody> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const { decided, push } = await this.db.transaction(async (tx) => {
      const decided = await decidePending(
        tx,
        InvoiceRequest,
        id,
        { ...change, decidedBy: actorId, decidedAt: () => 'now()' },
        RETURNED,
      );
      await this.audit.record(tx, {
        actorId,
        action: `invoice.${change.status === 'issued' ? 'issue' : 'reject'}`,
        targetType: 'order',
        targetId: decided.orderId,
        details: {
          requestId: id,
          invoiceNumber: change.invoiceNumber ?? null,
          reason: change.rejectReason ?? null,
        },
      });
      const push = await this.notifications.write(tx, [decided.userId], message(decided));
      return { decided, push };
    });
    await push();
    return toBody(decided);
  }
}
