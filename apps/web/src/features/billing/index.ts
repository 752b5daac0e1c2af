/** What other features may use of billing; everything else stays inside. */
export { checkoutStateFor, type CheckoutState } from './checkout-state';
export { followPaymentInstruction, HandoffError, leaveForWechatAuth } from './payment-handoff';
export { PlanCard } from './components/PlanCard';
export { fetchOrderStatus, initiateSolutionPayment, usePaymentOptions } from './api/billing-api';
