// What other features may use of billing.
export { checkoutStateFor, type CheckoutState } from './checkout-state';
export { initiateSolutionPayment } from './api/billing-api';
export { followPaymentInstruction, HandoffError } from './payment-handoff';
export { PlanCard } from './components/PlanCard';
export { usePaymentOptions } from './api/billing-api';
