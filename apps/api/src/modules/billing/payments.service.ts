import { Injectable, Logger } from '@nestjs/common';
import {
  CatalogueItem,
  ONE_TIME_PERIODS,
  type CardPaymentResponse,
  currencyFor,
  type Currency,
  type Language,
  type PaymentGateway,
  type PaymentInstruction,
  type PaymentMethod,
  type PaymentOptionsResponse,
  type PlanQuoteResponse,
  WebRoute,
} from '@think-tank/contracts';
import type Stripe from 'stripe';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { DESKTOP_PAYER, type Payer } from '../../core/http/payer.decorator';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { ITEM_NAMES } from './billing.messages';
import { Order, subjectColumns } from './entities/order.entity';
import type { Plan } from './entities/plan.entity';
import { PaymentInstructions } from './payment-instructions.service';
import { PlanChangesService, type PlanChange } from './plan-changes.service';
import { PlansRepository } from './plans.repository';
import { FulfilmentService } from './fulfilment.service';
import { OrdersRepository } from './orders.repository';
import { handOffFor, type Buyer, type CardMethod, type Purchase } from './purchase';
import { AlipayGateway } from './gateways/alipay.gateway';
import { StripeGateway } from './gateways/stripe.gateway';
import { WechatPayGateway, type WechatMethod } from './gateways/wechatpay.gateway';
import { WechatTradesService } from './wechat-trades.service';
import { WechatOAuth } from '../../core/wechat/wechat-oauth.service';
import { WechatOpenids } from '../../core/wechat/wechat-openids.repository';

/** Orders a user may open in 10 minutes: enough for any honest retry, not for flooding the table. */
const ORDER_LIMIT = { max: 30, windowSeconds: 600 };
/** Pending orders a user may pay again a minute (contract §12): each may be a signed request to a gateway. */
const RESUME_LIMIT = { max: 10, windowSeconds: 60 };
const CATALOGUE = Object.values(CatalogueItem);
const sandboxCashier = (orderId: string) => `/api/payments/sandbox/checkout/${orderId}`;
/** What a plan's order says of its terms beside its instruction (contract §12). */
const planTerms = (order: Order, change: PlanChange) => ({
  creditApplied: order.creditApplied,
  startsAt: change.startsAt.toISOString(),
});
/** An order's title fits its column (Alipay's own limit is 256). */
const SUBJECT_MAX = 200;

/** Creates orders at the server's prices and hands them to the right gateway (contract §6). */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly plans: PlansRepository,
    private readonly planChanges: PlanChangesService,
    private readonly fulfilment: FulfilmentService,
    private readonly alipay: AlipayGateway,
    private readonly stripe: StripeGateway,
    private readonly wechat: WechatPayGateway,
    private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly instructions: PaymentInstructions,
    private readonly wechatTrades: WechatTradesService,
    private readonly openids: WechatOpenids,
    private readonly wechatOAuth: WechatOAuth,
  ) {}

  options(): PaymentOptionsResponse {
    return {
      alipay: this.alipay.available,
      wechatpay: this.wechat.available,
      sandbox: this.config.paymentsSandbox,
      stripePublishableKey: (this.stripe.available && this.config.stripe?.publishableKey) || null,
    };
  }

  /** A wallet or hosted-page checkout: Alipay's page pay, Stripe's Checkout page, or the sandbox cashier. */
  async checkout(
    buyer: Buyer,
    purchase: Purchase,
    requested: PaymentGateway | undefined,
    lang: Language,
    payer: Payer = DESKTOP_PAYER,
  ): Promise<PaymentInstruction> {
    const wanted = requested ?? (lang === 'zh' ? 'alipay' : 'stripe');
    const gateway = this.gatewayFor(wanted);
    const { order, change } = await this.createOrder(
      buyer,
      purchase,
      gateway,
      // The wallets charge CNY only (contract §11).
      requested === 'alipay' || requested === 'wechatpay' ? 'CNY' : currencyFor(lang),
      lang,
      wanted === 'sandbox' ? null : handOffFor(wanted, payer),
    );
    // The sandbox standing in for WeChat Pay on a desktop: its cashier's address as the code a phone would scan.
    const instruction: PaymentInstruction =
      requested === 'wechatpay' && gateway === 'sandbox' && payer.device === 'desktop'
        ? {
            type: 'qrcode',
            codeUrl: `${this.config.publicUrl}${sandboxCashier(order.id)}`,
            orderId: order.id,
          }
        : await this.instructionFor(order, payer);
    return change ? { ...instruction, ...planTerms(order, change) } : instruction;
  }

  /**
   * How buying the plan now would go for the buyer (contract §12): its charge after the credit for the live
   * period's unused days, and the day it starts; in the currency of the method they pick.
   */
  async planQuote(
    buyer: Buyer,
    planId: string,
    requested: PaymentGateway | undefined,
    lang: Language,
  ): Promise<PlanQuoteResponse> {
    const plan = await this.plans.byId(planId);
    if (!plan || !plan.isValid || plan.periodType === 'custom') throw new AppError('ITEM_NOT_AVAILABLE');
    const wanted = requested ?? (lang === 'zh' ? 'alipay' : 'stripe');
    const currency = wanted === 'alipay' || wanted === 'wechatpay' ? 'CNY' : currencyFor(lang);
    const change = await this.planChanges.quote(buyer.id, plan, currency, this.gatewayFor(wanted));
    return { planId: plan.id, ...change, startsAt: change.startsAt.toISOString() };
  }

  /**
   * Pays a pending order of the buyer's again, as it is (the same order, amount and gateway: §10's one order per
   * intent): from /profile/orders, or after leaving the gateway's page. 404 for another user's; 409 unless pending.
   */
  async resume(buyer: Buyer, orderId: string, payer: Payer = DESKTOP_PAYER): Promise<PaymentInstruction> {
    await this.limiter.take({ key: `resume-pay:${buyer.id}`, ...RESUME_LIMIT });
    const order = await this.ownPending(buyer, orderId);
    // Its gateway may have lost its keys (or the sandbox been turned off) since the order was made.
    if (this.gatewayFor(order.gateway) !== order.gateway) throw new AppError('PAYMENT_UNAVAILABLE');
    if (order.gateway !== 'sandbox') await this.orders.recordMethod(order, handOffFor(order.gateway, payer));
    return this.instructionFor(order, payer);
  }

  /**
   * The buyer gives up a pending order: its trade is closed at the gateway first (contract §12), so that its QR code
   * or cashier takes no money afterwards; 409 when the gateway says it was paid meanwhile (its notify settles it).
   * A gateway out of reach does not hold the cancel up: a payment that still arrives is refunded by itself.
   */
  async cancel(buyer: Buyer, orderId: string): Promise<void> {
    const order = await this.ownPending(buyer, orderId);
    await this.closeAtGateway(order);
    if (!(await this.fulfilment.cancelPending(order.id))) throw new AppError('CONFLICT');
  }

  private async closeAtGateway(order: Order): Promise<void> {
    try {
      if (order.gateway === 'wechatpay' && this.wechat.available) await this.wechatTrades.closeAll(order);
      if (order.gateway === 'alipay' && this.alipay.available && !(await this.alipay.closeTrade(order))) {
        const { status } = await this.alipay.queryTrade(order);
        if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') throw new AppError('CONFLICT');
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      this.logger.warn(`closing order ${order.id} at ${order.gateway} failed: ${(e as Error).message}`);
    }
  }

  private async ownPending(buyer: Buyer, orderId: string): Promise<Order> {
    const order = isUuid(orderId) ? await this.orders.ownedBy(orderId, buyer.id) : null;
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status !== 'pending') throw new AppError('CONFLICT');
    return order;
  }

  /**
   * Where the order is paid: Alipay's page pay (WAP pay on a phone), WeChat Pay's Native QR code (H5 on a phone,
   * JSAPI inside WeChat), Stripe's Checkout page, or the sandbox cashier. A buyer who leaves Alipay's phone cashier
   * comes back to where the order can be paid again: a plan's checkout, else their orders.
   */
  private async instructionFor(order: Order, payer: Payer): Promise<PaymentInstruction> {
    if (order.gateway === 'wechatpay') return this.wechatInstruction(order, payer);
    const isPlan = order.itemType === 'subscription' || isUuid(order.itemId);
    const quitPath = isPlan ? WebRoute.renewal(order.itemId) : WebRoute.myOrders;
    const method = order.gateway === 'sandbox' ? null : handOffFor(order.gateway, payer);
    return this.instructions.reuse(order, method, () => {
      if (order.gateway === 'alipay') return this.alipay.startCheckout(order, payer.device, quitPath);
      if (order.gateway === 'stripe') return this.stripe.startCheckout(order);
      return { type: 'redirect', paymentUrl: sandboxCashier(order.id), orderId: order.id };
    });
  }

  /**
   * WeChat Pay's way for this payer, through the order's trade for it (another way closes the open trade first).
   * JSAPI needs the payer's openid under WECHATPAY_APPID: without one, 409 WECHAT_AUTH_REQUIRED with the address
   * of a silent authorisation that learns it (contract §12).
   */
  private async wechatInstruction(order: Order, payer: Payer): Promise<PaymentInstruction> {
    const method = handOffFor('wechatpay', payer) as WechatMethod;
    let openid: string | undefined;
    if (method === 'jsapi') {
      openid = (await this.openids.of(order.userId, this.wechat.appId!)) ?? undefined;
      if (!openid && !this.wechatOAuth.app('mp')) throw new AppError('PAYMENT_UNAVAILABLE');
      if (!openid)
        throw new AppError('WECHAT_AUTH_REQUIRED', {
          redirectUrl: await this.wechatOAuth.openidTicketUrl(order.userId),
        });
    }
    const tradeNo = await this.wechatTrades.tradeFor(order, method);
    return this.instructions.reuse(
      order,
      method,
      () => this.wechat.startCheckout(order, { tradeNo, method, clientIp: payer.ip, openid }),
      tradeNo,
    );
  }

  /** A card payment with a payment method from Stripe Elements (one-time items and one-time plans). */
  async payByCard(
    buyer: Buyer,
    purchase: Purchase,
    paymentMethodId: string,
    method: CardMethod,
    lang: Language,
  ): Promise<CardPaymentResponse> {
    const gateway = this.gatewayFor('stripe');
    if (gateway !== 'stripe')
      return this.sandboxFallback(await this.checkout(buyer, purchase, 'stripe', lang));
    const { order } = await this.createOrder(buyer, purchase, gateway, currencyFor(lang), lang, method);
    const intent = await this.stripe.pay(order, paymentMethodId);
    await this.orders.setTradeNo(order.id, intent.id);
    if (intent.status === 'succeeded')
      await this.fulfilment.settle({
        orderId: order.id,
        outcome: 'paid',
        gateway,
        gatewayTradeNo: intent.id,
      });
    return {
      success: intent.status === 'succeeded',
      status: intent.status,
      orderId: order.id,
      paymentIntentId: intent.id,
      requiresAction: intent.status === 'requires_action',
      clientSecret: intent.status === 'requires_action' ? intent.client_secret : null,
    };
  }

  /** A Stripe subscription to a plan with a Stripe price; its invoices settle the order through the webhook. */
  async subscribeByCard(
    buyer: Buyer,
    planId: string,
    paymentMethodId: string,
    method: CardMethod,
    lang: Language,
  ): Promise<CardPaymentResponse> {
    const gateway = this.gatewayFor('stripe');
    if (gateway !== 'stripe')
      return this.sandboxFallback(await this.checkout(buyer, { planId }, 'stripe', lang));
    const plan = isUuid(planId) ? await this.plans.byId(planId) : null;
    if (!plan || !plan.isValid || plan.periodType === 'custom' || ONE_TIME_PERIODS.includes(plan.periodType))
      throw new AppError('ITEM_NOT_AVAILABLE');
    // Stripe bills from today: a plan that would wait for the live period is renewed by a wallet instead.
    const { upgrade, startsAt } = await this.planChanges.quote(buyer.id, plan, currencyFor(lang), gateway);
    if (!upgrade && startsAt.getTime() > Date.now())
      throw new AppError('PLAN_STARTS_LATER', { startsAt: startsAt.toISOString() });
    const priceId = plan.stripePriceId ?? (await this.stripePriceOf(plan));
    const { order } = await this.createOrder(buyer, { planId }, gateway, currencyFor(lang), lang, method);
    const subscription = await this.stripe.subscribe(order, priceId, paymentMethodId);
    await this.orders.setTradeNo(order.id, subscription.id);
    const invoice = subscription.latest_invoice as
      (Stripe.Invoice & { payment_intent?: Stripe.PaymentIntent }) | null;
    const intent = invoice?.payment_intent ?? null;
    return {
      success: subscription.status === 'active',
      status: subscription.status,
      orderId: order.id,
      subscriptionId: subscription.id,
      requiresAction: intent?.status === 'requires_action',
      clientSecret: intent?.status === 'requires_action' ? intent.client_secret : null,
    };
  }

  /** The plan's Stripe price, created on first use and kept (contract §12). */
  private async stripePriceOf(plan: Plan): Promise<string> {
    const priceId = await this.stripe.createPlanPrice(plan);
    if (await this.plans.keepStripePrice(plan, priceId))
      this.logger.log(`plan ${plan.code}: Stripe price ${priceId}`);
    return priceId;
  }

  findOrder(orderId: string): Promise<Order | null> {
    return this.orders.byId(orderId);
  }

  /** The gateway that serves a request for `wanted`: itself with its keys, else the sandbox when enabled. */
  private gatewayFor(wanted: PaymentGateway): PaymentGateway {
    if (wanted === 'alipay' && this.alipay.available) return 'alipay';
    if (wanted === 'stripe' && this.stripe.available) return 'stripe';
    if (wanted === 'wechatpay' && this.wechat.available) return 'wechatpay';
    if (this.config.paymentsSandbox) return 'sandbox';
    throw new AppError('PAYMENT_UNAVAILABLE');
  }

  private sandboxFallback(instruction: PaymentInstruction): CardPaymentResponse {
    return { success: false, status: 'requires_redirect', ...instruction } as CardPaymentResponse;
  }

  private async ordered(draft: Order): Promise<{ order: Order; change?: undefined }> {
    return { order: await this.orders.pendingOrNew(draft) };
  }

  /** An order at the server's price (a plan's after its credit, with how it starts); never the client's amount. */
  private async createOrder(
    buyer: Buyer,
    purchase: Purchase,
    gateway: PaymentGateway,
    currency: Currency,
    lang: Language,
    method: PaymentMethod | null,
  ): Promise<{ order: Order; change?: PlanChange }> {
    await this.limiter.take({ key: `orders:${buyer.id}`, ...ORDER_LIMIT });
    if ('sale' in purchase) {
      const { itemType, itemId, subject, title, price } = purchase.sale;
      const { amount, currency: charged } = price(currency);
      return this.ordered(
        this.orders.draft({
          userId: buyer.id,
          gateway,
          method,
          paymentType: 'one-time',
          itemType,
          itemId,
          ...subjectColumns(subject),
          amount,
          currency: charged,
          subject: title[lang],
        }),
      );
    }
    if ('planId' in purchase) {
      const plan = isUuid(purchase.planId) ? await this.plans.byId(purchase.planId) : null;
      // A custom (enterprise) plan has no price to charge.
      if (!plan || !plan.isValid || plan.periodType === 'custom') throw new AppError('ITEM_NOT_AVAILABLE');
      const oneTime = ONE_TIME_PERIODS.includes(plan.periodType);
      const change = await this.planChanges.quote(buyer.id, plan, currency, gateway);
      const order = await this.orders.pendingOrNew(
        this.orders.draft({
          userId: buyer.id,
          gateway,
          method,
          paymentType: oneTime ? 'one-time' : 'subscription',
          itemType: oneTime ? 'one_time_product' : 'subscription',
          itemId: plan.id,
          amount: change.amount,
          creditApplied: change.creditApplied,
          currency,
          subject: lang === 'zh' ? plan.name : plan.nameEn,
        }),
      );
      return { order, change };
    }
    const item = CATALOGUE.find((i) => i.id === purchase.itemId);
    // Demand fees are bought through the workshop's own calls, which know the demand.
    if (!item || !item.isValid || item.id === CatalogueItem.demandStartup.id)
      throw new AppError('ITEM_NOT_AVAILABLE');
    const isView = item.id === CatalogueItem.singleSolutionView.id;
    if (isView && !purchase.solutionId) throw new AppError('ITEM_NOT_AVAILABLE');
    return this.ordered(
      this.orders.draft({
        userId: buyer.id,
        gateway,
        method,
        paymentType: 'one-time',
        itemType: isView ? 'single_solution_view' : 'one_time_product',
        itemId: item.id,
        ...subjectColumns(isView ? { kind: 'solution', id: purchase.solutionId!, part: null } : null),
        // Catalogue items are priced in their own currency.
        amount: item.price.amount,
        currency: item.price.currency,
        subject: purchase.solutionName
          ? `${ITEM_NAMES[item.id][lang]}${lang === 'zh' ? '：' : ': '}${purchase.solutionName}`.slice(
              0,
              SUBJECT_MAX,
            )
          : ITEM_NAMES[item.id][lang],
      }),
    );
  }
}
