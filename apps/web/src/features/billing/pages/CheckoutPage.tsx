import { WebRoute } from '@think-tank/contracts';
import { Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { errorText } from '../../../lib/error-text';
import { usePlans } from '../api/billing-api';
import { checkoutStateFor, type CheckoutState } from '../checkout-state';
import { Checkout, Notice } from '../components/Checkout';

/** /payment: the checkout of the item the page was sent with, or of the plan a renewal link names. */
export default function CheckoutPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as CheckoutState;
  const renew = new URLSearchParams(location.search).get('plan');
  return renew && !state.planId ? <Renewal planId={renew} /> : <Checkout state={state} />;
}

/** The expiry reminder's one-click renewal (`/payment?plan=<id>`): the same plan, priced as the plans page does. */
function Renewal({ planId }: { planId: string }) {
  const { t } = useTranslation('billing');
  const { data, error } = usePlans();
  if (error)
    return (
      <Notice text={errorText(error, t, t('checkout.plansFailed'))}>
        <Link to={WebRoute.subscription}>{t('checkout.choosePlan')}</Link>
      </Notice>
    );
  if (!data)
    return (
      <Container className="tt-page text-center">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('checkout.loadingPlan')}</span>
        </Spinner>
      </Container>
    );
  const plan = data.find((p) => p.id === planId && p.isValid);
  if (!plan)
    return (
      <Notice text={t('checkout.noPlan')}>
        <Link to={WebRoute.subscription}>{t('checkout.choosePlan')}</Link>
      </Notice>
    );
  return <Checkout state={checkoutStateFor(plan, WebRoute.subscriptionManagement)} />;
}
