import { withTexts } from '../../lib/i18n';

/** What other features may use of billing; everything else stays inside. */
export { checkoutStateFor, type CheckoutState } from './checkout-state';
export { followPaymentInstruction, HandoffError } from './payment-handoff';
export { PlanCard } from './components/PlanCard';
export { fetchOrderStatus, initiateSolutionPayment, usePaymentOptions } from './api/billing-api';

/** The feature's screens for the router, each its own chunk with its texts, loaded when its route is first visited. */
export const billingPages = /* @__PURE__ */ withTexts('billing', {
  myOrders: () => import('./pages/MyOrdersPage'),
  plans: () => import('./pages/SubscriptionPlansPage'),
  subscriptionManagement: () => import('./pages/SubscriptionManagementPage'),
  checkout: () => import('./pages/CheckoutPage'),
  paymentReturn: () => import('./pages/PaymentReturnPage'),
});

/** The data the feature's screens open on, for a first visit to ask for alongside their code. */
export const billingData = {
  plans: () => import('./api/billing-api').then((m) => m.preloadPlans()),
  paymentOptions: () => import('./api/billing-api').then((m) => m.preloadPaymentOptions()),
};
