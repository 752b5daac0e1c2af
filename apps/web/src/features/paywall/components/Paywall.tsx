import { WebRoute, type PaywallBody, type PlanResponse } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Col, Container, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/use-session';
import { useMe } from '../../../lib/use-me';
import { Teaser } from './Teaser';
import {
  checkoutStateFor,
  followPaymentInstruction,
  HandoffError,
  initiateSolutionPayment,
  leaveForWechatAuth,
  PlanCard,
} from '../../billing';

function PlanGroup({
  title,
  plans,
  isUpgrade,
}: {
  title: string;
  plans: PlanResponse[];
  isUpgrade?: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  if (!plans.length) return null;
  const choose = (plan: PlanResponse) =>
    navigate(WebRoute.payment, { state: checkoutStateFor(plan, location.pathname, isUpgrade) });
  return (
    <section className="mt-4">
      <h2 className="h5">{title}</h2>
      <Row xs={1} md={3} className="g-3">
        {plans.map((p) => (
          <Col key={p.id}>
            <PlanCard plan={p} onChoose={choose} />
          </Col>
        ))}
      </Row>
    </section>
  );
}

/** The paywall (customer-area §2): what the server offers a reader it refused, in the reader's language. */
export function Paywall({ paywall }: { paywall: PaywallBody }) {
  const { t } = useTranslation();
  const { token } = useSession();
  // A subscriber's daily views: how many are left (none, when the limit is what refused them).
  const allowances = useMe(!!token).data?.allowances;
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const payPerView = async () => {
    const option = paywall.payPerViewOption!;
    setPaying(true);
    setError(null);
    try {
      await followPaymentInstruction(
        await initiateSolutionPayment(paywall.solutionId, option.priceInfo),
        paywall.solutionId,
      );
    } catch (err) {
      if (leaveForWechatAuth(err)) return;
      setPaying(false);
      setError(
        err instanceof HandoffError
          ? t(err.reason === 'cancelled' ? 'paywall.paymentCancelled' : 'paywall.paymentFailed')
          : errorText(err, t, t('paywall.paymentFailed')),
      );
    }
  };

  return (
    <Container className="tt-page" style={{ maxWidth: 960 }}>
      <h1 className="h3">{t('paywall.title')}</h1>
      <p className="text-secondary mb-1">{paywall.solutionName}</p>
      <Teaser text={paywall.teaser} />
      <Alert variant={paywall.statusCode === 403 ? 'warning' : 'info'} className="mt-3">
        {paywall.notice}
        {allowances && allowances.dailyViewLimit !== null && allowances.dailyViewsLeft !== null && (
          <div className="small mt-1" data-testid="paywall-views-left">
            {t('paywall.viewsLeft', { left: allowances.dailyViewsLeft, limit: allowances.dailyViewLimit })}
          </div>
        )}
      </Alert>
      {error && (
        <Alert variant="danger" dismissible onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {paywall.payPerViewOption && (
        <Card className="mt-3">
          <Card.Body className="d-flex flex-wrap justify-content-between align-items-center gap-2">
            <div>
              <div className="fw-bold">{paywall.payPerViewOption.description}</div>
              <div className="fs-5">{paywall.payPerViewOption.priceDisplay}</div>
            </div>
            <Button variant="success" disabled={paying} onClick={payPerView}>
              {paying && <Spinner animation="border" size="sm" className="me-2" />}
              {paying ? t('paywall.paying') : t('paywall.payPerView')}
            </Button>
          </Card.Body>
        </Card>
      )}
      <PlanGroup title={paywall.subscriptionOptionsTitle} plans={paywall.subscriptionOptions} />
      <PlanGroup title={paywall.upgradeOptionsTitle} plans={paywall.upgradeOptions} isUpgrade />
      {paywall.vipApplicationInfo && (
        <Card className="mt-4 border-warning">
          <Card.Body>
            <h2 className="h5">
              {paywall.vipApplicationInfo.planName}{' '}
              <small className="text-secondary">{paywall.vipApplicationInfo.displayPrice}</small>
            </h2>
            <ul className="mb-2">
              {paywall.vipApplicationInfo.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            <p className="mb-2 small text-secondary">{paywall.vipApplicationInfo.message}</p>
            <LinkButton to={WebRoute.vipApplication} size="sm" variant="warning">
              {t('paywall.applyForVip')}
            </LinkButton>
          </Card.Body>
        </Card>
      )}
      <div className="mt-4">
        <LinkButton to={WebRoute.home} variant="outline-secondary">
          {t('paywall.backHome')}
        </LinkButton>
      </div>
    </Container>
  );
}
