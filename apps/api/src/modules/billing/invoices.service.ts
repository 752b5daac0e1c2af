import { Injectable } from '@nestjs/common';
import {
  formatMoney,
  type AdminInvoiceRequest,
  type AdminPage,
  type InvoiceRequest as InvoiceRequestBody,
  type InvoiceStatus,
  type OrderInvoice,
} from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { isUniqueViolation } from '../../core/database/unique-violation';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { Messages, NotificationsService } from '../notifications';
import { decodePdf, toInvoiceBody, type InvoiceRequestDto } from './dto/invoice.dto';
import type { InvoiceRequest } from './entities/invoice-request.entity';
import { InvoicesRepository } from './invoices.repository';
import { OrdersRepository } from './orders.repository';

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
    private readonly transactions: Transactions,
    private readonly requests: InvoicesRepository,
    private readonly orders: OrdersRepository,
    private readonly audit: AuditLog,
    private readonly notifications: NotificationsService,
  ) {}

  async request(userId: string, orderId: string, input: InvoiceRequestDto): Promise<InvoiceRequestBody> {
    if (!isUuid(orderId)) throw new AppError('NOT_FOUND');
    return this.transactions.run(async (tx) => {
      // Shares the order's row lock with a refund: a refund committing now is waited for and seen (409), and one
      // coming after finds this request to close.
      const status = await this.orders.sharedStatusOf(tx, orderId, userId);
      if (!status) throw new AppError('NOT_FOUND');
      if (status !== 'paid') throw new AppError('ORDER_NOT_PAID');
      return this.insertRequest(tx, userId, orderId, input);
    });
  }

  private async insertRequest(
    tx: Tx,
    userId: string,
    orderId: string,
    input: InvoiceRequestDto,
  ): Promise<InvoiceRequestBody> {
    // A normal invoice keeps none of the special invoice's fields, a person's no tax number, whatever the form sent.
    const special = input.type === 'special';
    const row = {
      ...input,
      taxNumber: input.titleType === 'personal' ? '' : (input.taxNumber ?? '').toUpperCase(),
      address: special ? input.address : '',
      phone: special ? input.phone : '',
      bank: special ? input.bank : '',
      account: special ? input.account : '',
      orderId,
      userId,
    };
    try {
      return toInvoiceBody(await this.requests.insert(tx, row));
    } catch (e) {
      // The partial unique index: one live request per order, however many arrive at once.
      if (isUniqueViolation(e)) throw new AppError('INVOICE_ALREADY_REQUESTED');
      throw e;
    }
  }

  /**
   * The order was refunded (in its refunding transaction): a pending request is closed, an issued invoice is due a
   * red-letter reversal (红冲) in the console. Answers the number of the invoice to reverse, if any.
   */
  orderRefunded(tx: Tx, orderId: string): Promise<string | null> {
    return this.requests.orderRefunded(tx, orderId);
  }

  /** The latest request of each of these orders (the order list shows them). */
  async latestOf(orderIds: string[]): Promise<Map<string, OrderInvoice>> {
    const rows = await this.requests.ofOrders(orderIds);
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
    return this.pdf(isUuid(orderId) ? { orderId, userId } : null, reversal);
  }

  /** An issued invoice, or its red-letter reversal, as support sees it. */
  async adminPdf(id: string, reversal = false): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    return this.pdf(isUuid(id) ? { id } : null, reversal);
  }

  async list(
    status: InvoiceStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<AdminPage<AdminInvoiceRequest>> {
    const [rows, total] = await this.requests.page(status, page, pageSize);
    const items = rows.map(({ request, username, orderSubject, amount, currency }) => ({
      ...toInvoiceBody(request),
      userId: request.userId,
      username: username ?? '',
      orderSubject,
      displayPrice: formatMoney({ amount, currency }),
    }));
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
    where: { id?: string; orderId?: string; userId?: string } | null,
    reversal: boolean,
  ): Promise<{ pdf: Buffer; invoiceNumber: string }> {
    const row = where ? await this.requests.issued(where) : null;
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
    const { decided, push } = await this.transactions.run(async (tx) => {
      const decided = await this.requests.decide(
        tx,
        id,
        { ...change, decidedBy: actorId, decidedAt: () => 'now()' },
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
