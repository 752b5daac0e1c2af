import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { WebRoute, type Language } from '@think-tank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdPipe, isUuid } from '../../core/http/id.pipe';
import { Lang } from '../../core/http/language.decorator';
import { PayerOf, type Payer } from '../../core/http/payer.decorator';
import { PageQuery } from '../../core/http/page-query';
import { Public } from '../../core/http/public.decorator';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import {
  CardPaymentBody,
  CardPaymentDto,
  CardSubscribeDto,
  CreateOrderDto,
  OrderStatusBody,
  PaymentInstructionBody,
  PaymentOptionsBody,
  PlanQuoteBody,
  PlanQuoteQuery,
} from './dto/payments.dto';
import { BuyerOrdersService } from './buyer-orders.service';
import { GatewayEventsService } from './gateway-events.service';
import { PaymentsService } from './payments.service';
import type { CardMethod, Purchase } from './purchase';

/** A one-time purchase names a catalogue item, or a one-time plan by its id. */
const oneTimePurchase = (itemId: string, solutionId?: string): Purchase =>
  isUuid(itemId) ? { planId: itemId } : { itemId, solutionId };
/** What a wallet's create-order buys: a plan's period, a one-time plan or a catalogue item. */
const walletPurchase = (dto: CreateOrderDto): Purchase =>
  dto.paymentType === 'subscription'
    ? { planId: dto.priceId! }
    : oneTimePurchase(dto.itemId!, dto.solutionId);
/** A Stripe payment method as the order records it: a typed card, or Apple Pay's or Google Pay's card. */
const cardMethod = (dto: CardPaymentDto | CardSubscribeDto): CardMethod =>
  dto.paymentMethodType === 'stripe_card' ? 'card' : dto.paymentMethodType;

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly buyerOrders: BuyerOrdersService,
    private readonly events: GatewayEventsService,
  ) {}

  @Public()
  @Get('options')
  @ApiOperation({ summary: 'What checkout may offer: Alipay keys, the sandbox, the Stripe publishable key' })
  @ApiResponse({ status: 200, type: PaymentOptionsBody })
  options() {
    return this.payments.options();
  }

  @ApiBearerAuth()
  @Get('plan-quote/:planId')
  @ApiOperation({
    summary:
      'How buying the plan now would go (contract §12): an upgrade that lifts a limit starts now with the live period’s unused days credited (creditApplied); any other starts when the live periods end (startsAt)',
  })
  @ApiResponse({ status: 200, type: PlanQuoteBody })
  planQuote(
    @Param('planId', IdPipe) planId: string,
    @Query() q: PlanQuoteQuery,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
  ) {
    return this.payments.planQuote(user, planId, q.paymentGateway, lang);
  }

  @ApiBearerAuth()
  @Post('alipay/create-order')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'A wallet payment: Alipay page pay (WAP pay, QUICK_WAP_WAY, for a phone: device mobile or a phone’s User-Agent), or the sandbox cashier when Alipay has no keys',
  })
  @ApiResponse({ status: 200, type: PaymentInstructionBody })
  createOrder(
    @Body() dto: CreateOrderDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
    @PayerOf() payer: Payer,
  ) {
    return this.payments.checkout(user, walletPurchase(dto), 'alipay', lang, payer);
  }

  @ApiBearerAuth()
  @Post('wechatpay/create-order')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'A WeChat Pay payment, as alipay/create-order takes it: {type:"qrcode", codeUrl, orderId} on a desktop (Native: draw the code, poll order-status), a redirect to H5 pay on a phone; without keys, the sandbox cashier (its address as the QR code on a desktop)',
  })
  @ApiResponse({ status: 200, type: PaymentInstructionBody })
  createWechatOrder(
    @Body() dto: CreateOrderDto,
    @CurrentUser() user: AuthUser,
    @Lang() lang: Language,
    @PayerOf() payer: Payer,
  ) {
    return this.payments.checkout(user, walletPurchase(dto), 'wechatpay', lang, payer);
  }

  @ApiBearerAuth()
  @Post('process')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'A one-time card payment with a Stripe payment method' })
  @ApiResponse({ status: 200, type: CardPaymentBody })
  process(@Body() dto: CardPaymentDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.payments.payByCard(
      user,
      oneTimePurchase(dto.itemId, dto.solutionId),
      dto.paymentMethodId,
      cardMethod(dto),
      lang,
    );
  }

  @ApiBearerAuth()
  @Post('subscribe')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'A Stripe subscription to a plan with a Stripe price' })
  @ApiResponse({ status: 200, type: CardPaymentBody })
  subscribe(@Body() dto: CardSubscribeDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.payments.subscribeByCard(user, dto.priceId, dto.paymentMethodId, cardMethod(dto), lang);
  }

  @ApiBearerAuth()
  @Get('orders')
  @ApiOperation({
    summary:
      "The caller's own orders, newest first: {items: [{id, subject, itemType, priceInfo, displayPrice, gateway, status, createdAt, paidAt, link, invoice}], total, page, pageSize}",
  })
  myOrders(@Query() q: PageQuery, @CurrentUser() user: AuthUser) {
    return this.buyerOrders.myOrders(user.id, q.page, q.pageSize);
  }

  @ApiBearerAuth()
  @Post('orders/:orderId/pay')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Pay a pending order of the caller’s again, as it is (same order, amount and gateway): the instruction as create-order answers it; 404 for another user’s, 409 unless pending',
  })
  @ApiResponse({ status: 200, type: PaymentInstructionBody })
  payPending(@Param('orderId') orderId: string, @CurrentUser() user: AuthUser, @PayerOf() payer: Payer) {
    return this.payments.resume(user, orderId, payer);
  }

  @ApiBearerAuth()
  @Post('orders/:orderId/cancel')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Cancel a pending order of the caller’s (204); a payment its gateway reports later is flagged for a refund; 404 for another user’s, 409 unless pending',
  })
  cancelPending(@Param('orderId') orderId: string, @CurrentUser() user: AuthUser) {
    return this.payments.cancel(user, orderId);
  }

  @ApiBearerAuth()
  @Get('order-status/:orderId')
  @ApiOperation({ summary: 'An own order’s status; unknown or another user’s: 404 with status not_found' })
  @ApiResponse({ status: 200, type: OrderStatusBody })
  orderStatus(@Param('orderId') orderId: string, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.buyerOrders.orderStatus(user.id, orderId, lang);
  }

  @Public()
  @Post('alipay/notify')
  @HttpCode(HttpStatus.OK)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({ summary: 'Alipay’s asynchronous notify (RSA2-signed); answers success or failure as text' })
  async alipayNotify(@Body() body: Record<string, unknown>, @Res() reply: FastifyReply) {
    const answer = await this.events.alipayNotify(body ?? {}, reply.request.id);
    return reply.type('text/plain; charset=utf-8').send(answer);
  }

  @Public()
  @Post('wechatpay/notify')
  @ApiOperation({
    summary:
      'WeChat Pay’s notify (API v3): Wechatpay-Signature checked with the platform key or certificate its Wechatpay-Serial names, timestamp within 5 min, resource decrypted (AEAD_AES_256_GCM), merchant, app, trade and amount checked; 204, 200 for a verified repeat of a notification handled before (its id), or 4xx {code:"FAIL"} changing nothing',
  })
  async wechatpayNotify(@Req() req: FastifyRequest & { rawBody?: Buffer }, @Res() reply: FastifyReply) {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const answer = await this.events.wechatpayNotify(
      req.rawBody,
      {
        timestamp: header('wechatpay-timestamp'),
        nonce: header('wechatpay-nonce'),
        signature: header('wechatpay-signature'),
        serial: header('wechatpay-serial'),
      },
      req.id,
    );
    return 'body' in answer
      ? reply.status(answer.status).send(answer.body)
      : reply.status(answer.status).send();
  }

  @Public()
  @Get('alipay/return')
  @ApiOperation({
    summary: 'Alipay’s return: 302 to the web app’s return page, query kept; never marks paid',
  })
  alipayReturn(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return reply.redirect(`${WebRoute.paymentAlipayReturn}${query}`, 302);
  }

  @Public()
  @Post('stripe/webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Stripe webhook: raw body, Stripe-Signature checked, each event id handled once' })
  async stripeWebhook(@Req() req: FastifyRequest & { rawBody?: Buffer }) {
    const signature = req.headers['stripe-signature'];
    await this.events.stripeWebhook(
      req.rawBody,
      typeof signature === 'string' ? signature : undefined,
      req.id,
    );
    return { received: true };
  }
}
