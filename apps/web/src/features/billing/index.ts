/** What other features may use of billing; everything else stays inside. */
export { checkoutStateFor, type CheckoutState } from './checkout-state';
export { followPaymentInstruction, HandoffError } from './payment-handoff';
export { PlanCard } from './components/PlanCard';
export { fetchOrderStatus, initiateSolutionPayment, usePaymentOptions } from './api/billing-api';

/** The feature's screens for the router, each its own chunk, loaded when its route is first visited. */
export const billingPages = {
  myOrders: () => import('./pages/MyOrdersPage'),
  plans: () => import('./pages/SubscriptionPlansPage'),
  subscriptionManagement: () => import('./pages/SubscriptionManagementPage'),
  checkout: () => import('./pages/CheckoutPage'),
  paymentReturn: () => import('./pages/PaymentReturnPage'),
};
