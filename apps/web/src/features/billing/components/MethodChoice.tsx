import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Method } from '../checkout-method';

/**
 * The checkout's payment methods as one radio group: the wallet always, the card once Stripe.js is ready (and its
 * field under it when picked), WeChat Pay where it has keys or the sandbox stands in.
 */
export function MethodChoice({
  method,
  onPick,
  disabled,
  card,
  wechatReady,
  cardField,
}: {
  method: Method;
  onPick: (method: Method) => void;
  disabled: boolean;
  card: 'ready' | 'afterLivePlan' | 'unavailable';
  wechatReady: boolean;
  cardField: ReactNode;
}) {
  const { t } = useTranslation('billing');
  const option = (value: Method, label: string, enabled = true) => (
    <Form.Check
      type="radio"
      id={`method-${value}`}
      name="method"
      label={label}
      disabled={!enabled}
      checked={method === value}
      onChange={() => onPick(value)}
    />
  );
  return (
    <fieldset disabled={disabled}>
      <legend className="h6">{t('checkout.method')}</legend>
      {option('wallet', t('checkout.wallet'))}
      {option('card', t(CARD_LABELS[card]), card === 'ready')}
      {method === 'card' && card === 'ready' && cardField}
      {option('wechat', wechatReady ? t('checkout.wechatPay') : t('checkout.wechat'), wechatReady)}
    </fieldset>
  );
}

const CARD_LABELS = {
  ready: 'checkout.card',
  afterLivePlan: 'checkout.cardAfterLivePlan',
  unavailable: 'checkout.cardUnavailable',
} as const;
