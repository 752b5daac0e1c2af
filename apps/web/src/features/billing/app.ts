import { withTexts } from '../../lib/i18n';

/**
 * What the app's frame and router use of billing: its screens and the data they open on. A face apart from index.ts,
 * which names what other features' screens use: everything the first load imports goes with it (docs/architecture.md#walls).
 */

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
