import type { PaymentRequestPaymentMethodEvent, Stripe } from '@stripe/stripe-js';
import { formatMoney, type PriceInfo } from '@think-tank/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type WalletKind = 'applepay' | 'googlepay';

const WALLET_NAMES: Record<WalletKind, string> = { applepay: 'Apple Pay', googlepay: 'Google Pay' };

/**
 * Apple Pay or Google Pay through Stripe (contract §11), as Stripe's Payment Request Button: shown only where the
 * browser says it can pay this way (nothing otherwise, no dead button). The payment method it gives is paid as a
 * card payment of the same order by `onPay`, which answers whether it went through. Its price, the card's, is said
 * beside it: the method picked below may charge another currency (contract §11, money shown = money charged).
 */
export function WalletPayButton({
  stripe,
  label,
  price,
  onPay,
}: {
  stripe: Stripe;
  label: string;
  price: PriceInfo;
  onPay: (paymentMethodId: string, kind: WalletKind) => Promise<boolean>;
}) {
  const { t } = useTranslation('billing');
  const holder = useRef<HTMLDivElement>(null);
  const [kind, setKind] = useState<WalletKind | null>(null);
  const pay = useRef(onPay);
  pay.current = onPay;

  useEffect(() => {
    const request = stripe.paymentRequest({
      country: 'US',
      currency: price.currency.toLowerCase(),
      total: { label, amount: price.amount },
    });
    let live = true;
    let unmount = () => undefined as void;
    void request.canMakePayment().then((can) => {
      const found: WalletKind | null = can?.applePay ? 'applepay' : can?.googlePay ? 'googlepay' : null;
      if (!live || !found || !holder.current) return;
      setKind(found);
      const button = stripe.elements().create('paymentRequestButton', { paymentRequest: request });
      button.mount(holder.current);
      unmount = () => button.destroy();
      request.on('paymentmethod', (event: PaymentRequestPaymentMethodEvent) => {
        void pay.current(event.paymentMethod.id, found).then(
          (ok) => event.complete(ok ? 'success' : 'fail'),
          () => event.complete('fail'),
        );
      });
    });
    return () => {
      live = false;
      unmount();
    };
  }, [stripe, label, price.amount, price.currency]);

  return (
    <div className="mb-3" data-testid={kind ? `wallet-${kind}` : undefined}>
      {kind && (
        <div className="small text-secondary mb-2">
          {t('checkout.walletButtonPrice', { wallet: WALLET_NAMES[kind], price: formatMoney(price) })}
        </div>
      )}
      <div ref={holder} />
    </div>
  );
}
