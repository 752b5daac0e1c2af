import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef } from 'react';

/** Stripe's card element, mounted while shown; reports the element and whether the card is complete. */
export function CardField({
  stripe,
  onReady,
  onComplete,
}: {
  stripe: Stripe;
  onReady: (card: StripeCardElement | null) => void;
  onComplete: (complete: boolean) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const card = stripe.elements().create('card', { hidePostalCode: true });
    card.mount(holder.current!);
    card.on('change', (e) => onComplete(e.complete));
    onReady(card);
    return () => {
      onReady(null);
      card.destroy();
    };
    // The element lives as long as this Stripe instance; the callbacks are setters that never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stripe]);
  return <div ref={holder} className="form-control py-2 mt-2" data-testid="card-field" />;
}
