import { formatMoney, type PlanQuoteResponse } from '@think-tank/contracts';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-time';

/** When the plan starts, and what the live plan's unused days took off its price (contract §12). */
export function PlanTerms({ quote, startsLater }: { quote: PlanQuoteResponse; startsLater: boolean }) {
  const { t } = useTranslation('billing');
  const credit = formatMoney({ amount: quote.creditApplied, currency: quote.currency });
  return (
    <Alert variant={startsLater ? 'warning' : 'success'} className="small" data-testid="checkout-terms">
      {startsLater
        ? t('checkout.startsOn', { date: formatDate(quote.startsAt) })
        : t(quote.upgrade ? 'checkout.upgradeNow' : 'checkout.startsNow')}
      {quote.creditApplied > 0 && <div>{t('checkout.creditApplied', { credit })}</div>}
    </Alert>
  );
}
