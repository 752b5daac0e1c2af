import { Controller, Get, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { formatMoney, WebRoute, type Language } from '@think-tank/contracts';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { IdPipe } from '../../core/http/id.pipe';
import { Lang } from '../../core/http/language.decorator';
import { Public } from '../../core/http/public.decorator';
import { ORDER_STATUS_MESSAGES, SANDBOX_PAGE } from './billing.messages';
import type { Order } from './entities/order.entity';
import { GatewayEventsService } from './gateway-events.service';
import { PaymentsService } from './payments.service';
import { SandboxLedger } from './sandbox-ledger.service';
import { escapeHtml } from '../../core/http/escape-html';

/**
 * The built-in sandbox gateway's cashier (contract §6): a page with the order and two buttons, pay and fail,
 * which settle the order through the same fulfilment path as a real notify. Like a real cashier page it is
 * reached by the order id alone; it does not exist where the sandbox is off (production by default).
 */
@ApiExcludeController()
@Public()
@Controller('payments/sandbox/checkout')
export class SandboxCheckoutController {
  constructor(
    private readonly config: AppConfig,
    private readonly payments: PaymentsService,
    private readonly events: GatewayEventsService,
    private readonly ledger: SandboxLedger,
  ) {}

  @Get(':orderId')
  async page(@Param('orderId', IdPipe) orderId: string, @Lang() lang: Language, @Res() reply: FastifyReply) {
    const order = await this.sandboxOrder(orderId);
    const t = (k: keyof typeof SANDBOX_PAGE) => escapeHtml(SANDBOX_PAGE[k][lang]);
    const action = `/api/payments/sandbox/checkout/${order.id}`;
    const buttons =
      order.status === 'pending'
        ? `<form method="post" action="${action}/pay"><button class="pay" type="submit">${t('pay')}</button></form>
           <form method="post" action="${action}/fail"><button class="fail" type="submit">${t('fail')}</button></form>
           <form method="post" action="${action}/pay-without-notify"><button class="lost" type="submit">${t('payLost')}</button></form>`
        : `<a href="${escapeHtml(returnPath(order))}">${t('back')}</a>`;
    const html = `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('title')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#212529}
.notice{background:#fff3cd;padding:8px 12px;border-radius:6px}dl{display:grid;grid-template-columns:6em 1fr;gap:8px}
dt{color:#6c757d}form{display:inline-block;margin-right:12px}button{font-size:1rem;padding:8px 20px;border:0;border-radius:6px;cursor:pointer}
.pay{background:#198754;color:#fff}.fail{background:#dc3545;color:#fff}.lost{background:#e9ecef;color:#495057;margin-top:12px}</style></head>
<body><h1>${t('title')}</h1><p class="notice">${t('notice')}</p>
<dl><dt>${t('order')}</dt><dd>${escapeHtml(order.id)}</dd><dt>${t('item')}</dt><dd>${escapeHtml(order.subject)}</dd>
<dt>${t('amount')}</dt><dd>${escapeHtml(formatMoney(order))}</dd>
<dt>${t('status')}</dt><dd id="status">${escapeHtml(ORDER_STATUS_MESSAGES[order.status][lang])}</dd></dl>
${buttons}</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  @Post(':orderId/pay')
  pay(@Param('orderId', IdPipe) orderId: string, @Res() reply: FastifyReply) {
    return this.settle(orderId, 'paid', reply);
  }

  @Post(':orderId/fail')
  fail(@Param('orderId', IdPipe) orderId: string, @Res() reply: FastifyReply) {
    return this.settle(orderId, 'failed', reply);
  }

  /** Paid at the cashier, but the notify is lost: what reconciliation is for (support can rehearse it). */
  @Post(':orderId/pay-without-notify')
  async payWithoutNotify(@Param('orderId', IdPipe) orderId: string, @Res() reply: FastifyReply) {
    const order = await this.sandboxOrder(orderId);
    if (order.status === 'pending') await this.ledger.record(order.id, 'paid');
    return reply.redirect(returnPath(order), HttpStatus.SEE_OTHER);
  }

  private async settle(orderId: string, outcome: 'paid' | 'failed', reply: FastifyReply) {
    const order = await this.sandboxOrder(orderId);
    // The gateway's books first, then its notify, as a real gateway would; like a real cashier whose trade is still
    // open, it takes money for an order cancelled here (which is then returned by itself).
    if (order.status === 'pending' || order.status === 'canceled')
      await this.ledger.record(order.id, outcome);
    await this.events.sandboxSettle(order.id, outcome, reply.request.id);
    return reply.redirect(returnPath(order), HttpStatus.SEE_OTHER);
  }

  private async sandboxOrder(orderId: string): Promise<Order> {
    const order = this.config.paymentsSandbox ? await this.payments.findOrder(orderId) : null;
    if (!order || order.gateway !== 'sandbox') throw new AppError('NOT_FOUND');
    return order;
  }
}

function returnPath(order: Order): string {
  return `${WebRoute.paymentReturn}?order_id=${order.id}&gw=sandbox`;
}
