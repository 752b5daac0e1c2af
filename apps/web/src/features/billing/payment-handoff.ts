import type { PaymentInstruction } from '@think-tank/contracts';
import { pendingPayment } from '../../lib/payments-in-flight';

/** How long a wallet hand-off may take before the page gives up waiting to be navigated away (customer-area §9). */
export const WALLET_REDIRECT_TIMEOUT_MS = 10_000;

export class HandoffError extends Error {
  constructor(readonly reason: 'noForm' | 'noInstruction') {
    super(reason);
  }
}

/**
 * Leaves for the gateway: a form (Alipay's page pay) is placed in the page and submitted; an address is
 * visited. The pending payment is remembered first, so that the return page can find it.
 */
export function followPaymentInstruction(instruction: PaymentInstruction, solutionId?: string): void {
  if (instruction.type === 'form' && instruction.paymentForm) {
    pendingPayment.save({ orderId: instruction.orderId, solutionId });
    const holder = document.createElement('div');
    holder.hidden = true;
    // The gateway's own markup; its inline script would not run under our CSP, so the form is submitted here.
    holder.innerHTML = instruction.paymentForm;
    document.body.appendChild(holder);
    const form = holder.querySelector('form');
    if (!form) throw new HandoffError('noForm');
    form.submit();
    return;
  }
  if (instruction.type === 'redirect' && instruction.paymentUrl) {
    pendingPayment.save({ orderId: instruction.orderId, solutionId });
    window.location.assign(instruction.paymentUrl);
    return;
  }
  throw new HandoffError('noInstruction');
}
