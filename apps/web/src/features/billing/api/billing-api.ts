import type {
  CancelSubscriptionResponse,
  CardPaymentResponse,
  InvoiceRequest,
  InvoiceRequestInput,
  MyOrdersPage,
  OrderStatusResponse,
  PaymentInstruction,
  PaymentOptionsResponse,
  PaymentType,
  PlanQuoteResponse,
  PlanResponse,
  SubscriptionResponse,
} from '@think-tank/contracts';
import useSWR from 'swr';
import { prefetch } from '../../../lib/prefetch';
import { api, apiDownload } from '../../../lib/api-client';
import { apiKey } from '../../../lib/api-key';
import { currentLanguage } from '../../../lib/i18n';
import { inWechatBrowser } from '../../../lib/user-agent';

export const billingKeys = {
  plans: (lang: string) => apiKey('/api/users/subscriptions/plans', {}, lang),
  subscription: '/api/subscriptions/me',
  options: '/api/payments/options',
  orders: (page: number) => apiKey('/api/payments/orders', { page }),
  planQuote: (planId: string, paymentGateway: string, lang: string) =>
    apiKey(`/api/payments/plan-quote/${encodeURIComponent(planId)}`, { paymentGateway }, lang),
};

/**
 * How buying the plan now would go for the signed-in buyer, through the method picked (contract §12): the charge
 * after the credit for the live plan's unused days, and the day it starts. Not asked (null) without a plan.
 */
export function usePlanQuote(planId: string | null, paymentGateway: 'alipay' | 'wechatpay' | 'stripe') {
  return useSWR(
    planId ? billingKeys.planQuote(planId, paymentGateway, currentLanguage()) : null,
    (key: string) => api<PlanQuoteResponse>(key),
  );
}

/** Plans in the reader's language and currency (the server picks them from Accept-Language). */
const fetchPlans = (path: string) => api<PlanResponse[]>(path, { anonymous: true });

export function usePlans() {
  return useSWR(billingKeys.plans(currentLanguage()), fetchPlans);
}

/** Asks for an invoice of a paid order (the order list then shows it pending). */
export const requestInvoice = (orderId: string, body: InvoiceRequestInput) =>
  api<InvoiceRequest>(`/api/payments/orders/${encodeURIComponent(orderId)}/invoice`, {
    method: 'POST',
    body,
  });

/** The user's own orders, a page at a time, newest first. */
export function useMyOrders(page: number) {
  return useSWR(billingKeys.orders(page), (path: string) => api<MyOrdersPage>(path));
}

export function useSubscription() {
  return useSWR(billingKeys.subscription, (path: string) => api<SubscriptionResponse>(path));
}

const fetchOptions = (path: string) => api<PaymentOptionsResponse>(path, { anonymous: true });

export function usePaymentOptions() {
  return useSWR(billingKeys.options, fetchOptions);
}

/** What the plans and the requirement form open on, asked for alongside their code (fetchFirstScreen in app/screen.tsx). */
export const preloadPlans = () => prefetch(billingKeys.plans(currentLanguage()), fetchPlans);
export const preloadPaymentOptions = () => prefetch(billingKeys.options, fetchOptions);

export function cancelSubscription(): Promise<CancelSubscriptionResponse> {
  return api('/api/subscriptions/cancel', { method: 'POST' });
}

/** A wallet payment: a subscription names its plan, a one-time payment its item (and solution, for a view). */
/** A wallet payment of a plan or item: Alipay (page or WAP pay) or WeChat Pay (Native QR, or H5 on a phone). */
export function createWalletPayment(
  request: { paymentType: PaymentType; planId: string; solutionId?: string },
  wallet: 'alipay' | 'wechatpay' = 'alipay',
): Promise<PaymentInstruction> {
  const body =
    request.paymentType === 'subscription'
      ? { paymentType: 'subscription', priceId: request.planId }
      : { paymentType: 'one-time', itemId: request.planId, solutionId: request.solutionId };
  return api(`/api/payments/${wallet}/create-order`, { method: 'POST', body });
}

/**
 * Pay once to read a solution: the wallet for Chinese browsers, the card provider otherwise (customer-area §7);
 * inside WeChat, WeChat Pay (its browser opens no other cashier).
 */
export function initiateSolutionPayment(
  solutionId: string,
  price: { amount: number; currency: string },
): Promise<PaymentInstruction> {
  return api('/api/solutions/initiate-solution-payment', {
    method: 'POST',
    body: {
      solutionId,
      paymentGateway: inWechatBrowser()
        ? 'wechatpay'
        : navigator.language.toLowerCase().startsWith('zh')
          ? 'alipay'
          : 'stripe',
      itemId: 'single_solution_view',
      itemType: 'solution_view',
      ...price,
    },
  });
}

/** Pays a pending order again, as it is: the same order's instruction (§10's one order per intent). */
export const payPendingOrder = (orderId: string) =>
  api<PaymentInstruction>(`/api/payments/orders/${encodeURIComponent(orderId)}/pay`, { method: 'POST' });
export const cancelPendingOrder = (orderId: string) =>
  api<void>(`/api/payments/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST' });

export function fetchOrderStatus(orderId: string): Promise<OrderStatusResponse> {
  return api(`/api/payments/order-status/${encodeURIComponent(orderId)}`);
}

/** A card payment (one-time) or a card subscription, with a payment method made by Stripe.js. */
export function payByCard(request: {
  paymentType: PaymentType;
  planId: string;
  paymentMethodId: string;
  /** A card typed in, or Apple Pay / Google Pay through Stripe's Payment Request Button. */
  paymentMethodType?: 'stripe_card' | 'applepay' | 'googlepay';
  solutionId?: string;
}): Promise<CardPaymentResponse> {
  const method = {
    paymentMethodId: request.paymentMethodId,
    paymentMethodType: request.paymentMethodType ?? 'stripe_card',
  };
  return request.paymentType === 'subscription'
    ? api('/api/payments/subscribe', { method: 'POST', body: { priceId: request.planId, ...method } })
    : api('/api/payments/process', {
        method: 'POST',
        body: { itemId: request.planId, solutionId: request.solutionId, ...method },
      });
}

/** The buyer's invoice PDF, or the red-letter one that reverses it, saved under its number. */
export const downloadOrderInvoice = (orderId: string, file: 'pdf' | 'reversal-pdf', number: string | null) =>
  apiDownload(`/api/payments/orders/${encodeURIComponent(orderId)}/invoice/${file}`, `invoice-${number}.pdf`);
