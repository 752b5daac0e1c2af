import { formatMoney, WebRoute } from '@think-tank/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Container, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { errorText } from '../../../lib/error-text';
import { session } from '../../../lib/session';
import { createWalletPayment, usePaymentOptions } from '../api/billing-api';
import type { CheckoutState } from '../checkout-state';
import { followPaymentInstruction, HandoffError, WALLET_REDIRECT_TIMEOUT_MS } from '../payment-handoff';

/**
 * Confirm payment (customer-area §2): the chosen plan or item, a payment method, and the hand-off to the
 * gateway. The wallet (Alipay, or the sandbox cashier where Alipay has no keys) is the default; card entry needs
 * the card provider's script and key, which this build does not load, so the card option is shown unavailable.
 */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as CheckoutState & { solutionId?: string };
  const options = usePaymentOptions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const subscription = state.paymentType === 'subscription';
  const oneTime = state.paymentType === 'one-time' || state.paymentType === 'one_time';
  const price = state.displayPrice ?? (state.priceInfo ? formatMoney(state.priceInfo) : null);
  const backPath = subscription ? WebRoute.subscription : (state.from ?? '/products');

  if (subscription && !state.planId)
    return (
      <Notice text={t('checkout.noPlan')}>
        <Link to={WebRoute.subscription}>{t('checkout.choosePlan')}</Link>
      </Notice>
    );
  if (!subscription && (!oneTime || (!state.planId && !state.priceInfo?.amount)))
    return (
      <Notice text={t('checkout.itemIncomplete')}>
        <Link to={state.from ?? WebRoute.home}>{t('checkout.back')}</Link>
      </Notice>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!session.read().token) {
      setError(t('checkout.notLoggedIn'));
      return navigate(WebRoute.login, { state: { from: { pathname: WebRoute.payment, state } } });
    }
    if (!state.planId)
      return setError(subscription ? t('checkout.walletNoPlan') : t('checkout.itemIncompleteDetail'));
    setBusy(true);
    try {
      const instruction = await createWalletPayment({
        paymentType: subscription ? 'subscription' : 'one-time',
        planId: state.planId,
        solutionId: state.solutionId,
      });
      followPaymentInstruction(instruction, state.solutionId);
      // Still here after 10 s: the hand-off was blocked or the network is stuck.
      timer.current = setTimeout(() => {
        setBusy(false);
        setError(t('checkout.walletTimeout'));
      }, WALLET_REDIRECT_TIMEOUT_MS);
    } catch (err) {
      setBusy(false);
      setError(
        err instanceof HandoffError
          ? t(err.reason === 'noForm' ? 'checkout.walletNoForm' : 'checkout.walletNoInstruction')
          : errorText(err, t, t('checkout.unknown')),
      );
    }
  };

  return (
    <Container className="tt-page" style={{ maxWidth: 640 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-4">{t('checkout.title')}</h1>
          <div className="d-flex justify-content-between align-items-baseline border rounded p-3 mb-4">
            <div>
              <div className="text-secondary small">
                {t(subscription ? 'checkout.plan' : 'checkout.item')}
              </div>
              <div className="fw-bold" data-testid="checkout-plan">
                {state.planName}
              </div>
            </div>
            <div className="fs-4 fw-bold" data-testid="checkout-price">
              {price}
            </div>
          </div>
          {error && (
            <Alert variant="danger" dismissible onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <Form onSubmit={submit} noValidate>
            <fieldset disabled={busy}>
              <legend className="h6">{t('checkout.method')}</legend>
              {/* Only the wallet is live; the others say why they cannot be chosen. */}
              <Form.Check
                type="radio"
                id="method-wallet"
                name="method"
                label={t('checkout.wallet')}
                defaultChecked
              />
              <Form.Check
                type="radio"
                id="method-card"
                name="method"
                label={t('checkout.cardUnavailable')}
                disabled
              />
              <Form.Check
                type="radio"
                id="method-wechat"
                name="method"
                label={t('checkout.wechat')}
                disabled
              />
            </fieldset>
            {options.data?.sandbox && !options.data.alipay && (
              <Form.Text className="d-block mt-2">{t('checkout.sandboxNote')}</Form.Text>
            )}
            <div className="d-grid mt-4">
              <Button type="submit" size="lg" disabled={busy}>
                {busy && <Spinner animation="border" size="sm" className="me-2" />}
                {subscription ? t('checkout.confirmSubscription') : t('checkout.payNow')}
              </Button>
            </div>
          </Form>
          <div className="d-flex gap-2 mt-4">
            <LinkButton to={backPath} variant="outline-secondary">
              {t('checkout.back')}
            </LinkButton>
            <LinkButton to={WebRoute.home} variant="link">
              {t('checkout.home')}
            </LinkButton>
          </div>
        </Card.Body>
      </Card>
    </Container>
  );
}

function Notice({ text, children }: { text: string; children: React.ReactNode }) {
  return (
    <Container className="tt-page" style={{ maxWidth: 640 }}>
      <Alert variant="warning">
        <p>{text}</p>
        {children}
      </Alert>
    </Container>
  );
}
