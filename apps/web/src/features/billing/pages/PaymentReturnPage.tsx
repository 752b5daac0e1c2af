import { formatMoney, WebRoute, type OrderStatusResponse } from '@think-tank/contracts';
import { useEffect } from 'react';
import { Alert, Card, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { successPath, useOrderPolling } from '../order-polling';
import { forgetSettled, pendingPayment } from '../../../lib/payments-in-flight';

/** How long the success message shows before the page moves on by itself. */
const SUCCESS_REDIRECT_MS = 2_000;

/** The order reference of a return: ours, Alipay's out_trade_no, or one this app cannot look up. */
function references(params: URLSearchParams) {
  const orderId =
    params.get('order_id') ?? params.get('orderId') ?? params.get('out_trade_no') ?? params.get('order');
  const other = ['agreement_no', 'agreement', 'session_id', 'payment_intent'].some((k) => params.get(k));
  return { orderId, other };
}

/**
 * Where a failed payment is tried again, with the same item: a plan at the checkout, a solution view at its
 * paywall, a workshop fee on its demand's page (its pay panel).
 */
function retryPath(order: OrderStatusResponse): string | null {
  if (order.demandId) return WebRoute.demand(order.demandId);
  if (order.itemType === 'single_solution_view' && order.solutionId)
    return WebRoute.solution(order.solutionId);
  if (order.itemType === 'subscription' || order.itemType === 'one_time_product')
    return UUID.test(order.itemId) ? WebRoute.renewal(order.itemId) : null;
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Payment result (customer-area §2), for /payment/return and the wallet's /payment/alipay/return. */
export default function PaymentReturnPage() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { orderId, other } = references(params);
  const outcome = useOrderPolling(orderId);
  const pending = pendingPayment.read();
  const target =
    outcome.state === 'success'
      ? successPath(outcome.order, pending?.orderId === orderId ? pending?.solutionId : undefined)
      : null;

  // A settled order is forgotten by every screen that stored it (the start-up form would act on it again).
  const settled = outcome.state === 'success' || outcome.state === 'failed';
  useEffect(() => {
    if (settled && orderId) forgetSettled(orderId);
  }, [settled, orderId]);

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [target, navigate]);
  const retry = outcome.state === 'failed' ? retryPath(outcome.order) : null;

  let body;
  if (!orderId && !other) body = <Alert variant="danger">{t('paymentReturn.missingParams')}</Alert>;
  else if (outcome.state === 'processing')
    body = (
      <div className="text-center py-3" role="status">
        <Spinner animation="border" variant="primary" />
        <div className="mt-3">{t('paymentReturn.processing')}</div>
      </div>
    );
  else if (outcome.state === 'success')
    body = (
      <Alert variant="success">
        <div className="fw-bold">{t('paymentReturn.success')}</div>
        <div className="small">{t('paymentReturn.redirecting')}</div>
      </Alert>
    );
  else if (outcome.state === 'failed') body = <Alert variant="danger">{t('paymentReturn.failed')}</Alert>;
  else if (outcome.state === 'error')
    body = (
      <Alert variant="danger">
        {t(outcome.reason === 'notFound' ? 'paymentReturn.notFound' : 'paymentReturn.queryFailed')}
      </Alert>
    );
  else if (outcome.state === 'timeout') body = <Alert variant="warning">{t('paymentReturn.timeout')}</Alert>;
  else body = <Alert variant="warning">{t('paymentReturn.unknown')}</Alert>;

  return (
    <Container className="tt-page" style={{ maxWidth: 640 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-3">{t('paymentReturn.title')}</h1>
          {orderId && (
            <p className="text-secondary small">
              {t('paymentReturn.orderId')}: <span data-testid="order-id">{orderId}</span>
              {'order' in outcome && (
                // What the order charged, as the checkout and the cashier showed it.
                <span className="ms-3">
                  {t('paymentReturn.amount')}:{' '}
                  <span data-testid="order-amount">{formatMoney(outcome.order)}</span>
                </span>
              )}
            </p>
          )}
          {body}
          <div className="d-flex flex-wrap gap-2 mt-3">
            {target && <LinkButton to={target}>{t('paymentReturn.continue')}</LinkButton>}
            {retry && <LinkButton to={retry}>{t('paymentReturn.retry')}</LinkButton>}
            <LinkButton to={WebRoute.profile} variant="outline-secondary">
              {t('paymentReturn.profile')}
            </LinkButton>
            <LinkButton to={WebRoute.home} variant="link">
              {t('paymentReturn.home')}
            </LinkButton>
            <LinkButton to={WebRoute.contact} variant="link">
              {t('paymentReturn.contact')}
            </LinkButton>
          </div>
        </Card.Body>
      </Card>
    </Container>
  );
}
