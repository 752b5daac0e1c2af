import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CatalogueItem,
  ONE_TIME_PERIODS,
  type CardPaymentResponse,
  currencyFor,
  type Currency,
  type Language,
  type PaymentDevice,
  type PaymentGateway,
  type PaymentInstruction,
  type PaymentMethod,
  type PaymentOptionsResponse,
  WebRoute,
  type Localized,
  type PaymentItemType,
  type PriceInfo,
  type PurchaseSubject,
} from '@think-tank/contracts';
import type Stripe from 'stripe';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { DESKTOP_PAYER, type Payer } from '../../core/http/payer.decorator';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { ITEM_NAMES } from './billing.messages';
import { Order, subjectColumns } from './entities/order.entity';
import { Plan } from './entities/plan.entity';
import { FulfilmentService } from './fulfilment.service';
import { AlipayGateway } from './gateways/alipay.gateway';
import { StripeGateway } from './gateways/stripe.gateway';
import { WechatPayGateway } from './gateways/wechatpay.gateway';

/**
 * Something another module sells (a workshop fee): its item type and id, what it is for, its title, and its price
 * in the order's currency, all the seller's. Billing charges it and hands it back to the item type's fulfiller.
 */
export interface ModuleSale {
  itemType: PaymentItemType;
  itemId: string;
  subject: PurchaseSubject;
  title: Localized;
  price: (currency: Currency) => PriceInfo;
}

/** What a buyer asks for: a plan by id, a catalogue item (a solution view names its solution), a module's sale. */
export type Purchase =
  { planId: string } | { itemId: string; solutionId?: string; solutionName?: string } | { sale: ModuleSale };

export interface Buyer {
  id: string;
}

/** Orders a user may open in 10 minutes: enough for any honest retry, not for flooding the table. */
const ORDER_LIMIT = { max: 30, windowSeconds: 600 };
/** The way each gateway is paid on each device (a sandbox order keeps the way it stands in for). */
const HAND_OFF: Record<Exclude<PaymentGateway, 'sandbox'>, Record<PaymentDevice, PaymentMethod>> = {
  alipay: { desktop: 'page', mobile: 'wap' },
  wechatpay: { desktop: 'native', mobile: 'h5' },
  stripe: { desktop: 'checkout', mobile: 'checkout' },
};
/** What a Stripe payment method pays as: a typed card, or a wallet's card. */
export type CardMethod = Extract<PaymentMethod, 'card' | 'applepay' | 'googlepay'>;

/** A second call for the same thing within this time answers the pending order instead of a new one. */
const SAME_ORDER_MS = 15 * 60 * 1000;

const CATALOGUE = Object.values(CatalogueItem);
const sandboxCashier = (orderId: string) => `/api/payments/sandbox/checkout/${orderId}`;
/** An order's title fits its column (Alipay's own limit is 256). */
const SUBJECT_MAX = 200;

/** Creates orders at the server's prices and hands them to the right gateway (contract §6). */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    private readonly fulfilment: FulfilmentService,
    private readonly alipay: AlipayGateway,
    private readonly stripe: StripeGateway,
    private readonly wechat: WechatPayGateway,
    private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
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
    const order = await this.createOrder(
      buyer,
      purchase,
      gateway,
      // The wallets charge CNY only (contract §11).
      requested === 'alipay' || requested === 'wechatpay' ? 'CNY' : currencyFor(lang),
      lang,
      wanted === 'sandbox' ? null : HAND_OFF[wanted][payer.device],
    );
    // The sandbox standing in for WeChat Pay on a desktop: its cashier's address as the code a phone would scan.
    if (requested === 'wechatpay' && gateway === 'sandbox' && payer.device === 'desktop')
      return {
        type: 'qrcode',
        codeUrl: `${this.config.publicUrl}${sandboxCashier(order.id)}`,
        orderId: order.id,
      };
    return this.instructionFor(order, payer);
  }

  /**
   * Pays a pending order of the buyer's again, as it is (the same order, amount and gateway: §10's one order per
   * intent): from /profile/orders, or after leaving the gateway's page. 404 for another user's; 409 unless pending.
   */
  async resume(buyer: Buyer, orderId: string, payer: Payer = DESKTOP_PAYER): Promise<PaymentInstruction> {
    const order = await this.ownPending(buyer, orderId);
    // Its gateway may have lost its keys (or the sandbox been turned off) since the order was made.
    if (this.gatewayFor(order.gateway) !== order.gateway) throw new AppError('PAYMENT_UNAVAILABLE');
    if (order.gateway !== 'sandbox') await this.recordMethod(order, HAND_OFF[order.gateway][payer.device]);
    return this.instructionFor(order, payer);
  }

  /** The buyer gives up a pending order; a payment its gateway reports later is flagged for a refund. */
  async cancel(buyer: Buyer, orderId: string): Promise<void> {
    const order = await this.ownPending(buyer, orderId);
    if (!(await this.fulfilment.cancelPending(order.id))) throw new AppError('CONFLICT');
  }

  private async ownPending(buyer: Buyer, orderId: string): Promise<Order> {
    const order = isUuid(orderId) ? await this.orders.findOneBy({ id: orderId, userId: buyer.id }) : null;
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status !== 'pending') throw new AppError('CONFLICT');
    return order;
  }

  /**
   * Where the order is paid: Alipay's page pay (WAP pay on a phone), WeChat Pay's Native QR code (H5 on a phone),
   * Stripe's Checkout page, or the sandbox cashier. A buyer who leaves Alipay's phone cashier comes back to where
   * the order can be paid again: a plan's checkout, else their orders.
   */
  private instructionFor(order: Order, payer: Payer): Promise<PaymentInstruction> | PaymentInstruction {
    const isPlan = order.itemType === 'subscription' || isUuid(order.itemId);
    const quitPath = isPlan ? WebRoute.renewal(order.itemId) : WebRoute.myOrders;
    if (order.gateway === 'alipay') return this.alipay.startCheckout(order, payer.device, quitPath);
    if (order.gateway === 'wechatpay') return this.wechat.startCheckout(order, payer.device, payer.ip);
    if (order.gateway === 'stripe') return this.stripe.startCheckout(order);
    return { type: 'redirect', paymentUrl: sandboxCashier(order.id), orderId: order.id };
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
    const order = await this.createOrder(buyer, purchase, gateway, currencyFor(lang), lang, method);
    const intent = await this.stripe.pay(order, paymentMethodId);
    await this.orders.update({ id: order.id }, { gatewayTradeNo: intent.id });
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
    const plan = await this.plans.findOneBy({ id: planId });
    if (!plan?.stripePriceId) throw new AppError('ITEM_NOT_AVAILABLE');
    const order = await this.createOrder(buyer, { planId }, gateway, currencyFor(lang), lang, method);
    const subscription = await this.stripe.subscribe(order, plan.stripePriceId, paymentMethodId);
    await this.orders.update({ id: order.id }, { gatewayTradeNo: subscription.id });
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

  findOrder(orderId: string): Promise<Order | null> {
    return this.orders.findOneBy({ id: orderId });
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

  /** An order at the server's price; the client's amount is never trusted. */
  private async createOrder(
    buyer: Buyer,
    purchase: Purchase,
    gateway: PaymentGateway,
    currency: Currency,
    lang: Language,
    method: PaymentMethod | null,
  ): Promise<Order> {
    await this.limiter.take({ key: `orders:${buyer.id}`, ...ORDER_LIMIT });
    if ('sale' in purchase) {
      const { itemType, itemId, subject, title, price } = purchase.sale;
      const { amount, currency: charged } = price(currency);
      return this.pendingOrNew(
        this.orders.create({
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
      const plan = isUuid(purchase.planId) ? await this.plans.findOneBy({ id: purchase.planId }) : null;
      // A custom (enterprise) plan has no price to charge.
      if (!plan || !plan.isValid || plan.periodType === 'custom') throw new AppError('ITEM_NOT_AVAILABLE');
      const oneTime = ONE_TIME_PERIODS.includes(plan.periodType);
      return this.pendingOrNew(
        this.orders.create({
          userId: buyer.id,
          gateway,
          method,
          paymentType: oneTime ? 'one-time' : 'subscription',
          itemType: oneTime ? 'one_time_product' : 'subscription',
          itemId: plan.id,
          amount: currency === 'CNY' ? plan.priceCny : plan.priceUsd,
          currency,
          subject: lang === 'zh' ? plan.name : plan.nameEn,
        }),
      );
    }
    const item = CATALOGUE.find((i) => i.id === purchase.itemId);
    // Demand fees are bought through the workshop's own calls, which know the demand.
    if (!item || !item.isValid || item.id === CatalogueItem.demandStartup.id)
      throw new AppError('ITEM_NOT_AVAILABLE');
    const isView = item.id === CatalogueItem.singleSolutionView.id;
    if (isView && !purchase.solutionId) throw new AppError('ITEM_NOT_AVAILABLE');
    return this.pendingOrNew(
      this.orders.create({
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

  /**
   * One order per intent to buy (contract §10): the same user, item, price and gateway within 15 minutes get
   * their pending order back, so two quick clicks or a retry make one order (and one gateway payment, since
   * gateway calls carry the order's idempotency key). Serialised per user and item by an advisory lock.
   */
  private pendingOrNew(draft: Order): Promise<Order> {
    return this.orders.manager.transaction(async (tx) => {
      const same = {
        userId: draft.userId,
        gateway: draft.gateway,
        itemType: draft.itemType,
        itemId: draft.itemId,
        subjectKind: draft.subjectKind ?? IsNull(),
        subjectId: draft.subjectId ?? IsNull(),
        subjectPart: draft.subjectPart ?? IsNull(),
        amount: draft.amount,
        currency: draft.currency,
      };
      // One lock per user and thing bought: concurrent calls for it queue here, others pass.
      const thing = [draft.userId, draft.itemId, draft.subjectId, draft.subjectPart].join(':');
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [thing]);
      const pending = await tx.findOne(Order, {
        where: { ...same, status: 'pending', createdAt: MoreThan(new Date(Date.now() - SAME_ORDER_MS)) },
        order: { createdAt: 'DESC' },
      });
      if (!pending) return tx.save(draft);
      // The same intent, handed over another way this time (on the phone after the desktop, say).
      if (draft.method && pending.method !== draft.method) {
        await tx.update(Order, { id: pending.id }, { method: draft.method });
        pending.method = draft.method;
      }
      return pending;
    });
  }

  private async recordMethod(order: Order, method: PaymentMethod): Promise<void> {
    if (order.method === method) return;
    await this.orders.update({ id: order.id }, { method });
    order.method = method;
  }
}
