import { formatMoney, WebRoute } from '@think-tank/contracts';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Container, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { session } from '../../../lib/session';
import { createWalletPayment, payByCard, usePaymentOptions, usePlanQuote } from '../api/billing-api';
import { firstMethod, rememberMethod, type Method } from '../checkout-method';
import type { CheckoutState } from '../checkout-state';
import {
  followPaymentInstruction,
  HandoffError,
  leaveForWechatAuth,
  WALLET_REDIRECT_TIMEOUT_MS,
} from '../payment-handoff';
import { inWechatBrowser } from '../../../lib/user-agent';
import { OpenInBrowserGuide } from './OpenInBrowserGuide';
import { useStripe } from '../use-stripe';
import { CardField } from './CardField';
import { WalletPayButton, type WalletKind } from './WalletPayButton';
import { MethodChoice } from './MethodChoice';
import { PlanTerms } from './PlanTerms';
import { WechatQrPanel } from './WechatQrPanel';

/**
 * Confirm payment (customer-area §2): the chosen plan or item, a payment method, and the hand-off to the
 * gateway. The wallet (Alipay, or the sandbox cashier where Alipay has no keys) is the default; WeChat Pay shows its
 * QR code here (the sandbox's cashier as the code where it has no keys); the card is offered when the server has a
 * Stripe publishable key and Stripe.js loads, and with it Apple Pay or Google Pay where the browser can pay so.
 */
export function Checkout({ state }: { state: CheckoutState }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const options = usePaymentOptions();
  const stripe = useStripe(options.data?.stripePublishableKey);
  // Inside WeChat, WeChat Pay from the start: Alipay's guide does not flash up while the options load.
  const form = useForm<{ method: Method }>({ method: inWechatBrowser() ? 'wechat' : 'wallet' }, () => ({}));
  const {
    values: { method },
    error,
    setError,
    set,
  } = form;
  const [picked, setPicked] = useState(false);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [qr, setQr] = useState<{ codeUrl: string; orderId: string } | null>(null);
  const signedIn = !!session.read().token;
  const inWechat = inWechatBrowser();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const subscription = state.paymentType === 'subscription';
  const oneTime = state.paymentType === 'one-time' || state.paymentType === 'one_time';
  // A plan (an id, not a catalogue item) is quoted for this buyer: an upgrade's credit, or the day it starts.
  const quotedPlan = signedIn && state.planId && isPlanId(state.planId) ? state.planId : null;
  const cardQuote = usePlanQuote(quotedPlan, 'stripe').data;
  const walletQuote = usePlanQuote(quotedPlan, method === 'wechat' ? 'wechatpay' : 'alipay').data;
  const quote = method === 'card' ? cardQuote : walletQuote;
  const startsLater = !!quote && !quote.upgrade && Date.parse(quote.startsAt) > Date.now() + 60_000;
  // The price of the method picked is the price charged (contract §11): a wallet charges CNY in either language,
  // shown with the reader's own currency beside it when that is another; a plan's, after its credit.
  const walletPrice =
    method !== 'card' && state.walletPriceInfo?.currency !== state.priceInfo?.currency
      ? state.walletPriceInfo
      : undefined;
  // An upgrade's credit comes off this payment: its amount is the quote's (the plan's own price shows otherwise).
  const credited = quote && quote.creditApplied > 0 ? quote : null;
  const price = credited
    ? formatMoney({ amount: credited.amount, currency: credited.currency })
    : walletPrice
      ? formatMoney(walletPrice)
      : (state.displayPrice ?? (state.priceInfo ? formatMoney(state.priceInfo) : null));
  const otherCurrency = !credited && walletPrice && state.priceInfo ? formatMoney(state.priceInfo) : null;
  const backPath = subscription ? WebRoute.subscription : (state.from ?? WebRoute.home);

  // Stripe bills a card subscription from today: one that would wait for the live plan is renewed by a wallet.
  const cardForItem = !subscription || !startsLater;
  const cardReady = stripe.state === 'ready' && cardForItem;
  // WeChat Pay with its keys, or the sandbox standing in for it.
  const wechatReady = !!options.data && (options.data.wechatpay || options.data.sandbox);
  // Until the buyer picks, the first method follows the device and what is on offer (WeChat as default only where
  // it has keys: the sandbox standing in is no reason to prefer it).
  // Inside WeChat only WeChat Pay opens (or the sandbox standing in for it): it comes first whenever on offer.
  const preferred =
    inWechat && wechatReady
      ? 'wechat'
      : firstMethod({ wallet: true, wechat: !!options.data?.wechatpay, card: cardReady });
  useEffect(() => {
    if (!picked && options.data) set('method', preferred);
  }, [picked, options.data, preferred, set]);

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

  const payWithWallet = async (planId: string) => {
    const instruction = await createWalletPayment(
      { paymentType: subscription ? 'subscription' : 'one-time', planId, solutionId: state.solutionId },
      method === 'wechat' ? 'wechatpay' : 'alipay',
    );
    // WeChat Pay on a desktop: its code is scanned here, and the page polls the order.
    if (instruction.type === 'qrcode') {
      setBusy(false);
      return setQr({ codeUrl: instruction.codeUrl, orderId: instruction.orderId });
    }
    await followPaymentInstruction(instruction, state.solutionId);
    // Still here after 10 s: the hand-off was blocked or the network is stuck.
    timer.current = setTimeout(() => {
      setBusy(false);
      setError(t('checkout.walletTimeout'));
    }, WALLET_REDIRECT_TIMEOUT_MS);
  };

  const payWithCard = async (planId: string) => {
    if (stripe.state !== 'ready') throw new CheckoutError(t('checkout.stripeLoading'));
    if (!card || !cardComplete) throw new CheckoutError(t('checkout.cardIncomplete'));
    const created = await stripe.stripe.createPaymentMethod({ type: 'card', card });
    if (created.error || !created.paymentMethod)
      throw new CheckoutError(created.error?.message ?? t('checkout.paymentMethodFailed'));
    await payWithMethod(planId, created.paymentMethod.id, 'stripe_card');
  };

  /** Apple Pay or Google Pay: the sheet closes on the answer; the rest is a card payment's (3-D Secure included). */
  const payWithWalletButton = async (paymentMethodId: string, kind: WalletKind) => {
    if (!state.planId) return false;
    setError(null);
    try {
      await payWithMethod(state.planId, paymentMethodId, kind);
      return true;
    } catch (err) {
      setError(err instanceof CheckoutError ? err.message : errorText(err, t, t('checkout.unknown')));
      return false;
    }
  };

  /** A payment method from Stripe paid as a card payment of the order, then the way on. */
  const payWithMethod = async (planId: string, paymentMethodId: string, type: WalletKind | 'stripe_card') => {
    if (stripe.state !== 'ready') throw new CheckoutError(t('checkout.stripeLoading'));
    let result = await payByCard({
      paymentType: subscription ? 'subscription' : 'one-time',
      planId,
      paymentMethodId,
      paymentMethodType: type,
      solutionId: state.solutionId,
    });
    if (result.requiresAction && result.clientSecret) {
      setNotice(t('checkout.actionRequired'));
      const confirmed = await stripe.stripe.confirmCardPayment(result.clientSecret);
      if (confirmed.error) throw new CheckoutError(confirmed.error.message ?? t('checkout.unknown'));
      result = { ...result, success: confirmed.paymentIntent?.status === 'succeeded' };
    }
    if (!result.success && !result.requiresAction)
      throw new CheckoutError(result.error ?? t('checkout.unknown'));
    setNotice(t('checkout.cardSuccess'));
    const orderReturn = `${WebRoute.paymentReturn}?order_id=${result.orderId}&status=success&gw=card`;
    navigate(subscription ? WebRoute.profile : (state.successRedirectPath ?? orderReturn));
  };

  const pick = (m: Method) => (set('method', m), setPicked(true));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    if (!session.read().token) {
      setError(t('checkout.notLoggedIn'));
      return navigate(WebRoute.login, { state: { from: { pathname: WebRoute.payment, state } } });
    }
    if (!state.planId)
      return setError(subscription ? t('checkout.walletNoPlan') : t('checkout.itemIncompleteDetail'));
    setBusy(true);
    rememberMethod(method);
    try {
      await (method === 'card' ? payWithCard(state.planId) : payWithWallet(state.planId));
    } catch (err) {
      // Back to this checkout once WeChat said who pays: a plan's by its address, the rest where it came from.
      if (leaveForWechatAuth(err, isPlanId(state.planId) ? WebRoute.renewal(state.planId) : undefined))
        return;
      setBusy(false);
      if (err instanceof HandoffError && err.reason === 'cancelled')
        return setNotice(t('checkout.wechatCancelled'));
      setError(
        err instanceof CheckoutError
          ? err.message
          : err instanceof HandoffError
            ? t(HANDOFF_TEXTS[err.reason])
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
            <div className="text-end">
              <div className="fs-4 fw-bold" data-testid="checkout-price">
                {price}
              </div>
              {otherCurrency && (
                <div className="small text-secondary">{t('checkout.approx', { price: otherCurrency })}</div>
              )}
            </div>
          </div>
          {quote && <PlanTerms quote={quote} startsLater={startsLater} />}
          {error && (
            <Alert variant="danger" dismissible onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          {notice && !error && <Alert variant="info">{notice}</Alert>}
          {!qr && cardReady && state.priceInfo && (
            <WalletPayButton
              stripe={stripe.stripe}
              label={state.planName ?? ''}
              price={cardQuote ? { amount: cardQuote.amount, currency: cardQuote.currency } : state.priceInfo}
              onPay={payWithWalletButton}
            />
          )}
          {qr ? (
            <WechatQrPanel
              codeUrl={qr.codeUrl}
              orderId={qr.orderId}
              price={price ?? ''}
              sandbox={!options.data?.wechatpay}
              onRestart={() => setQr(null)}
            />
          ) : (
            <Form onSubmit={submit} noValidate>
              <MethodChoice
                method={method}
                onPick={pick}
                disabled={busy}
                card={cardReady ? 'ready' : stripe.state === 'ready' ? 'afterLivePlan' : 'unavailable'}
                wechatReady={wechatReady}
                cardField={
                  stripe.state === 'ready' && (
                    <CardField stripe={stripe.stripe} onReady={setCard} onComplete={setCardComplete} />
                  )
                }
              />
              {inWechat && method === 'wallet' && <OpenInBrowserGuide />}
              {((method === 'wallet' && !options.data?.alipay) ||
                (method === 'wechat' && !options.data?.wechatpay)) &&
                options.data?.sandbox && (
                  <Form.Text className="d-block mt-2">{t('checkout.sandboxNote')}</Form.Text>
                )}
              <div className="d-grid mt-4">
                <Button type="submit" size="lg" disabled={busy || (inWechat && method === 'wallet')}>
                  {busy && <Spinner animation="border" size="sm" className="me-2" />}
                  {subscription ? t('checkout.confirmSubscription') : t('checkout.payNow')}
                </Button>
              </div>
            </Form>
          )}
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

/** What the buyer reads when leaving for the wallet went wrong. */
const HANDOFF_TEXTS = {
  noForm: 'checkout.walletNoForm',
  noInstruction: 'checkout.walletNoInstruction',
  wechatFailed: 'checkout.wechatFailed',
  cancelled: 'checkout.wechatCancelled',
} as const;

const isPlanId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A checkout step that failed with a message for the buyer. */
class CheckoutError extends Error {}

export function Notice({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Container className="tt-page" style={{ maxWidth: 640 }}>
      <Alert variant="warning">
        <p>{text}</p>
        {children}
      </Alert>
    </Container>
  );
}
