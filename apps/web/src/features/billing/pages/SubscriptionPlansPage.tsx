import { WebRoute, type PlanResponse } from '@think-tank/contracts';
import { Alert, Col, Container, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorText } from '../../../lib/error-text';
import { usePlans } from '../api/billing-api';
import { checkoutStateFor } from '../checkout-state';
import { PlanCard } from '../components/PlanCard';

/** Subscription plans (customer-area §2): a card per plan, each leading to the checkout. */
export default function SubscriptionPlansPage() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const location = useLocation();
  const { data: plans, error } = usePlans();
  const choose = (plan: PlanResponse) =>
    navigate(WebRoute.payment, { state: checkoutStateFor(plan, location.pathname) });

  return (
    <Container className="tt-page">
      <h1 className="h3 mb-4">{t('plans.title')}</h1>
      {/* What is here shows at once (a first visit fetched it early); only a missing answer waits. */}
      {!plans && !error ? (
        <PageSpinner label={t('plans.loading')} />
      ) : error ? (
        <Alert variant="danger">{errorText(error, t, t('plans.fetchFailed'))}</Alert>
      ) : !plans?.length ? (
        <Alert variant="secondary">{t('plans.empty')}</Alert>
      ) : (
        <Row xs={1} sm={2} lg={3} className="g-3">
          {plans.map((p) => (
            <Col key={p.id}>
              <PlanCard plan={p} onChoose={choose} />
            </Col>
          ))}
        </Row>
      )}
      <div className="d-flex gap-2 mt-4">
        <LinkButton to={WebRoute.profile} variant="outline-secondary">
          {t('plans.profile')}
        </LinkButton>
        <LinkButton to={WebRoute.home} variant="link">
          {t('plans.home')}
        </LinkButton>
      </div>
    </Container>
  );
}
