import { WebRoute, type PaymentInstruction } from '@think-tank/contracts';
import { ApiError } from '../../lib/api-client';
import { pendingPayment } from '../../lib/payments-in-flight';
import { payInWechat } from './wechat-bridge';

/** How long a wallet hand-off may take before the page gives up waiting to be navigated away (customer-area §9). */
export const WALLET_REDIRECT_TIMEOUT_MS = 10_000;

export class HandoffError extends Error {
  constructor(readonly reason: 'noForm' | 'noInstruction' | 'cancelled' | 'wechatFailed') {
    super(reason);
  }
}

/**
 * Leaves for the gateway: a form (Alipay's page pay) is placed in the page and submitted; an address is
 * visited; inside WeChat its cashier opens over the page, and a payment made there goes on to the order's result
 * page (a cancelled or failed one stays, as HandoffError). The pending payment is remembered first, so that the
 * return page can find it.
 */
export async function followPaymentInstruction(
  instruction: PaymentInstruction,
  solutionId?: string,
): Promise<void> {
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
  if (instruction.type === 'jsapi' && instruction.payParams) {
    pendingPayment.save({ orderId: instruction.orderId, solutionId });
    const result = await payInWechat(instruction.payParams);
    if (result === 'cancel') throw new HandoffError('cancelled');
    if (result === 'fail') throw new HandoffError('wechatFailed');
    window.location.assign(`${WebRoute.paymentReturn}?orderId=${encodeURIComponent(instruction.orderId)}`);
    return;
  }
  throw new HandoffError('noInstruction');
}

/**
 * Inside WeChat the first payment needs the buyer's openid (contract §12): a WECHAT_AUTH_REQUIRED answer sends the
 * page through WeChat's silent authorisation and back to `returnTo` (this page unless told), to pay from there.
 * True when the page is leaving.
 */
export function leaveForWechatAuth(
  err: unknown,
  returnTo = `${window.location.pathname}${window.location.search}`,
): boolean {
  const redirectUrl = err instanceof ApiError ? err.body?.redirectUrl : undefined;
  if (!(err instanceof ApiError) || err.code !== 'WECHAT_AUTH_REQUIRED' || typeof redirectUrl !== 'string')
    return false;
  const url = new URL(redirectUrl, window.location.origin);
  // Only our own authorisation start is followed, as the server named it.
  if (url.origin !== window.location.origin || url.pathname !== '/api/auth/wechat/openid') return false;
  url.searchParams.set('returnTo', returnTo);
  window.location.assign(url.toString());
  return true;
}
