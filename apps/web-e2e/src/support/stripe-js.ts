import type { BrowserContext, Page } from 'playwright-core';

/** What the stand-in's browser says it can pay with, as Stripe's `canMakePayment` answers (null: neither). */
export type WalletSupport = { applePay?: boolean; googlePay?: boolean } | null;

/** What the page did with the stand-in: the payment requests it made, and how it closed each payment sheet. */
export interface StandInRecord {
  asked: number;
  requests: { currency: string; total: { label: string; amount: number } }[];
  completed: string[];
}

/**
 * Stripe.js stood in by a local script (Stripe is unreachable here), at the same boundary as the real one: the page
 * loads it from js.stripe.com and calls the few things the checkout uses of Stripe's Payment Request. Its button
 * opens no sheet: clicking it hands the page a Stripe test payment method, as a buyer's approval in the sheet would.
 */
const standIn = (support: WalletSupport) => `(() => {
  const support = ${JSON.stringify(support)};
  const record = (window.__stripeStandIn = { asked: 0, requests: [], completed: [] });
  const Stripe = () => ({
    paymentRequest(options) {
      const handlers = {};
      record.requests.push(options);
      return {
        canMakePayment: () => Promise.resolve(support).finally(() => (record.asked += 1)),
        on: (event, handler) => (handlers[event] = handler),
        show: () =>
          handlers.paymentmethod({
            paymentMethod: { id: 'pm_card_visa' },
            complete: (status) => record.completed.push(status),
          }),
      };
    },
    elements: () => ({
      create(type, options) {
        if (type !== 'paymentRequestButton') throw new Error('the Stripe.js stand-in has no ' + type + ' element');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'btn btn-dark w-100';
        button.textContent = support && support.applePay ? 'Pay with Apple Pay' : 'Pay with Google Pay';
        button.onclick = () => options.paymentRequest.show();
        return { mount: (holder) => holder.appendChild(button), destroy: () => button.remove() };
      },
    }),
  });
  Stripe.version = 'basil';
  window.Stripe = Stripe;
})();`;

/** Every page of the context gets the stand-in where it asks for Stripe.js. */
export async function standInForStripeJs(context: BrowserContext, support: WalletSupport): Promise<void> {
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: standIn(support) }),
  );
}

/** What the page has done with the stand-in so far. */
export const standInRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stripeStandIn: StandInRecord }).__stripeStandIn);
