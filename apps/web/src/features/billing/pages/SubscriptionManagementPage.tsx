import { WebRoute } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Container, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { LinkButton } from '../../../components/LinkButton';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format-time';
import { cancelSubscription, useSubscription } from '../api/billing-api';

const STATUS_VARIANT = {
  active: 'success',
  canceled: 'warning',
  expired: 'secondary',
  none: 'secondary',
} as const;

/** The current subscription (customer-area §2), with a confirmed cancel while it is active. */
export default function SubscriptionManagementPage() {
  const { t } = useTranslation('billing');
  const { data: sub, error, isLoading, mutate } = useSubscription();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const cancel = async () => {
    setBusy(true);
    setCancelError(null);
    try {
      const result = await cancelSubscription();
      // Canceled locally at once; access lasts to the period end.
      await mutate(
        (s) =>
          s && {
            ...s,
            status: result.status,
            nextPaymentDate: null,
            currentPeriodEnd: result.currentPeriodEnd,
          },
        { revalidate: false },
      );
    } catch (err) {
      setCancelError(errorText(err, t, t('subscription.cancelFailed')));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Container className="tt-page">
      <Card className="shadow-sm mx-auto" style={{ maxWidth: 640 }}>
        <Card.Body className="p-4">
          <h1 className="h4 mb-4">{t('subscription.title')}</h1>
          {isLoading ? (
            <PageSpinner label={t('subscription.loading')} />
          ) : error ? (
            <Alert variant="danger">{errorText(error, t, t('subscription.fetchFailed'))}</Alert>
          ) : !sub || sub.status === 'none' ? (
            <Alert variant="secondary">
              {t('subscription.none')}{' '}
              <LinkButton to={WebRoute.subscription} variant="link">
                {t('subscription.choose')}
              </LinkButton>
            </Alert>
          ) : (
            <>
              <dl className="row mb-3">
                <dt className="col-sm-4">{t('subscription.plan')}</dt>
                <dd className="col-sm-8" data-testid="subscription-plan">
                  {sub.planName}
                </dd>
                <dt className="col-sm-4">{t('subscription.status')}</dt>
                <dd className="col-sm-8">
                  <Badge bg={STATUS_VARIANT[sub.status]} data-testid="subscription-status">
                    {t(`subscription.statuses.${sub.status}`)}
                  </Badge>
                </dd>
                <dt className="col-sm-4">
                  {sub.nextPaymentDate
                    ? t('subscription.nextPayment')
                    : sub.status === 'active'
                      ? t('subscription.endsOn')
                      : t('subscription.accessUntil')}
                </dt>
                <dd className="col-sm-8">{formatDate(sub.nextPaymentDate ?? sub.currentPeriodEnd)}</dd>
              </dl>
              {sub.status === 'canceled' && <Alert variant="info">{t('subscription.canceled')}</Alert>}
              {sub.status === 'expired' && (
                <Alert variant="secondary">
                  {t('subscription.expired')}{' '}
                  <LinkButton to={WebRoute.subscription} variant="link">
                    {t('subscription.choose')}
                  </LinkButton>
                </Alert>
              )}
              {cancelError && (
                <Alert variant="danger" dismissible onClose={() => setCancelError(null)}>
                  {cancelError}
                </Alert>
              )}
              {sub.status === 'active' && (
                <Button variant="outline-danger" onClick={() => setConfirming(true)}>
                  {t('subscription.cancel')}
                </Button>
              )}
            </>
          )}
          <div className="d-flex gap-2 mt-4">
            <LinkButton to={WebRoute.profile} variant="outline-secondary">
              {t('subscription.profile')}
            </LinkButton>
            <LinkButton to={WebRoute.home} variant="link">
              {t('subscription.home')}
            </LinkButton>
          </div>
        </Card.Body>
      </Card>
      <Dialog show={confirming} onHide={() => !busy && setConfirming(false)} centered>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('subscription.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {t('subscription.confirmText', { date: formatDate(sub?.currentPeriodEnd ?? null) })}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
            {t('subscription.keep')}
          </Button>
          <Button variant="danger" disabled={busy} onClick={cancel}>
            {busy && <Spinner animation="border" size="sm" className="me-2" />}
            {t('subscription.confirmCancel')}
          </Button>
        </Modal.Footer>
      </Dialog>
    </Container>
  );
}
