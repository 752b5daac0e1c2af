import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';

export type StripeState = { state: 'off' | 'loading' | 'failed' } | { state: 'ready'; stripe: Stripe };

/**
 * Stripe.js for card payments, loaded only when the server configured a publishable key (and only by the
 * checkout, so that no other page talks to Stripe). A failure to load is a warning, and cards stay unavailable.
 */
export function useStripe(publishableKey: string | null | undefined): StripeState {
  const [result, setResult] = useState<StripeState>({ state: publishableKey ? 'loading' : 'off' });
  useEffect(() => {
    if (!publishableKey) return setResult({ state: 'off' });
    let current = true;
    setResult({ state: 'loading' });
    loadStripe(publishableKey).then(
      (stripe) => current && setResult(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      (err: unknown) => {
        console.warn('Stripe.js did not load; card payments are unavailable', err);
        if (current) setResult({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  return result;
}
