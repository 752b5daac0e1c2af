/** Orders, gateways and subscriptions (contract §5–6, customer-area §3). */
import type { Currency, PriceInfo } from './billing';
import type { OrderInvoice } from './invoices';
import { WebRoute } from './routes';

export const PaymentGateway = {
  alipay: 'alipay',
  stripe: 'stripe',
  wechatpay: 'wechatpay',
  sandbox: 'sandbox',
} as const;
export type PaymentGateway = (typeof PaymentGateway)[keyof typeof PaymentGateway];

export const OrderStatus = {
  pending: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  refunded: 'refunded',
  agreementActive: 'agreement_active',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = Object.values(OrderStatus);

/** What an order buys (customer-area §3). */
export const PaymentItemType = {
  subscription: 'subscription',
  oneTimeProduct: 'one_time_product',
  singleSolutionView: 'single_solution_view',
  demandStorePayment: 'demand_store_payment',
  personalizedRecommendation: 'personalized_recommendation',
  dynamicRiskSharing: 'dynamic_risk_sharing',
  customPayment: 'custom_payment',
  other: 'other',
} as const;
export type PaymentItemType = (typeof PaymentItemType)[keyof typeof PaymentItemType];

export type PaymentType = 'subscription' | 'one-time';

/**
 * What an order is for, beyond its catalogue item: a solution a view unlocks, or a demand whose stage (`part`) a
 * workshop fee pays for. Billing stores it and hands it to the item type's fulfiller; only the selling module
 * reads its meaning.
 */
export interface PurchaseSubject {
  kind: 'solution' | 'demand';
  id: string;
  part: string | null;
}

/** Where a buyer finds what an order's subject is. */
export const subjectRoute = (subject: PurchaseSubject): string =>
  subject.kind === 'solution' ? WebRoute.solution(subject.id) : WebRoute.demand(subject.id);

/**
 * What WeChat's browser pays with (contract §12, JSAPI): `WeixinJSBridge.invoke('getBrandWCPayRequest', payParams)`.
 * `paySign` is the merchant key's RSA-SHA256 signature of `appId\ntimeStamp\nnonceStr\npackage\n`, in base64.
 */
export interface WechatPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * How the browser continues a payment: post a form to the wallet, go to an address, draw WeChat Pay's Native
 * `codeUrl` as a QR code for the buyer's phone to scan (and poll the order's status), or, inside WeChat, hand
 * `payParams` to WeChat's own cashier.
 */
export type PaymentInstruction =
  | { type: 'form'; paymentForm: string; orderId: string }
  | { type: 'redirect'; paymentUrl: string; orderId: string }
  | { type: 'qrcode'; codeUrl: string; orderId: string }
  | { type: 'jsapi'; payParams: WechatPayParams; orderId: string };

/**
 * How buying a plan now would go (contract §12 "Plans change at once"): an upgrade starts now with the live
 * period's unused days credited; any other plan starts when the live periods end.
 */
export interface PlanQuoteResponse {
  planId: string;
  upgrade: boolean;
  /** Minor units taken off the price. */
  creditApplied: number;
  /** What the order charges: the price less the credit. */
  amount: number;
  currency: Currency;
  startsAt: string;
}

/** What a plan's create-order adds to its instruction. */
export interface PlanOrderTerms {
  creditApplied: number;
  startsAt: string;
}

/** The answer of the card calls (`/process`, `/subscribe`), or a wallet instruction when card payments fall back to the sandbox. */
export interface CardPaymentResponse {
  success: boolean;
  status: string;
  orderId: string;
  requiresAction?: boolean;
  clientSecret?: string | null;
  paymentIntentId?: string;
  subscriptionId?: string;
  type?: 'redirect';
  paymentUrl?: string;
  error?: string;
}

export interface OrderStatusResponse {
  status: OrderStatus | 'not_found';
  paymentType: PaymentType;
  itemId: string;
  itemType: PaymentItemType;
  amount: number;
  currency: Currency;
  /** Taken off a plan's price for the unused days of the period it replaced (contract §12); 0 otherwise. */
  creditApplied: number;
  /** Where the buyer goes once paid: the unlocked solution, the subscription page, the demand. */
  redirectUrl: string | null;
  demandId: string | null;
  solutionId: string | null;
  message: string;
}

/** What the checkout may offer (not in the spec's call list: the client asks before showing card payment). */
export interface PaymentOptionsResponse {
  alipay: boolean;
  /** WeChat Pay's keys are configured. */
  wechatpay: boolean;
  sandbox: boolean;
  stripePublishableKey: string | null;
}

export const SubscriptionStatus = {
  active: 'active',
  canceled: 'canceled',
  expired: 'expired',
  none: 'none',
} as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

export interface SubscriptionResponse {
  planName: string | null;
  status: SubscriptionStatus;
  nextPaymentDate: string | null;
  currentPeriodEnd: string | null;
}

export interface CancelSubscriptionResponse {
  status: 'canceled';
  currentPeriodEnd: string;
}

/** One of the user's own orders, as /profile/orders lists it. */
export interface MyOrder {
  id: string;
  /** What was bought, named in the buyer's language when the order was made. */
  subject: string;
  itemType: PaymentItemType;
  priceInfo: PriceInfo;
  displayPrice: string;
  gateway: PaymentGateway;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  /** A path of the app where the bought thing is (the solution, the subscription, the demand); null otherwise. */
  link: string | null;
  /** The order's latest invoice request, if any (paid orders may ask for one). */
  invoice: OrderInvoice | null;
}

export interface MyOrdersPage {
  items: MyOrder[];
  total: number;
  page: number;
  pageSize: number;
}

/** Where a buyer pays: a phone's browser gets the gateways' mobile flows (Alipay WAP), a desktop the page flows. */
export type PaymentDevice = 'mobile' | 'desktop';

/**
 * How an order was handed to its gateway (the console shows it beside the gateway): Alipay's page or phone (WAP)
 * pay, WeChat Pay's QR code (Native), phone flow (H5) or cashier inside WeChat (JSAPI), Stripe's Checkout page, a
 * typed card, Apple Pay or Google Pay. A sandbox order keeps the way it stood in for.
 */
export const PAYMENT_METHODS = [
  'page',
  'wap',
  'native',
  'h5',
  'jsapi',
  'checkout',
  'card',
  'applepay',
  'googlepay',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
