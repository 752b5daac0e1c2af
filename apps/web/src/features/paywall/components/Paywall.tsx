import { WebRoute, type PaywallBody, type PlanResponse } from '@think-tank/contracts';
import { Alert, Badge, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/LinkButton';

function PlanCard({ plan }: { plan: PlanResponse }) {
  const { t } = useTranslation();
  return (
    <Card className={`h-100 ${plan.popular ? 'border-primary' : ''}`}>
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h6 d-flex justify-content-between align-items-start gap-2">
          {plan.planName}
          {plan.popular && <Badge bg="primary">{t('paywall.popular')}</Badge>}
        </Card.Title>
        <div className="fs-5 fw-bold mb-2">{plan.displayPrice}</div>
        <ul className="small text-secondary ps-3 flex-grow-1">
          {plan.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        {/* Checkout arrives with the payments work; until then the button says so instead of leading nowhere. */}
        <Button variant={plan.popular ? 'primary' : 'outline-primary'} disabled>
          {t('paywall.comingSoon')}
        </Button>
      </Card.Body>
    </Card>
  );
}

function PlanGroup({ title, plans }: { title: string; plans: PlanResponse[] }) {
  if (!plans.length) return null;
  return (
    <section className="mt-4">
      <h2 className="h5">{title}</h2>
      <Row xs={1} md={3} className="g-3">
        {plans.map((p) => (
          <Col key={p.id}>
            <PlanCard plan={p} />
          </Col>
        ))}
      </Row>
    </section>
  );
}

/** The paywall (customer-area §2): what the server offers a reader it refused, in the reader's language. */
export function Paywall({ paywall }: { paywall: PaywallBody }) {
  const { t } = useTranslation();
  return (
    <Container className="tt-page" style={{ maxWidth: 960 }}>
      <h1 className="h3">{t('paywall.title')}</h1>
      <p className="text-secondary mb-1">{paywall.solutionName}</p>
      <Alert variant={paywall.statusCode === 403 ? 'warning' : 'info'} className="mt-3">
        {paywall.notice}
      </Alert>
      {paywall.payPerViewOption && (
        <Card className="mt-3">
          <Card.Body className="d-flex flex-wrap justify-content-between align-items-center gap-2">
            <div>
              <div className="fw-bold">{paywall.payPerViewOption.description}</div>
              <div className="fs-5">{paywall.payPerViewOption.priceDisplay}</div>
            </div>
            <Button variant="success" disabled>
              {t('paywall.comingSoon')}
            </Button>
          </Card.Body>
        </Card>
      )}
      <PlanGroup title={paywall.subscriptionOptionsTitle} plans={paywall.subscriptionOptions} />
      <PlanGroup title={paywall.upgradeOptionsTitle} plans={paywall.upgradeOptions} />
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
            <p className="mb-0 small text-secondary">{paywall.vipApplicationInfo.message}</p>
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
