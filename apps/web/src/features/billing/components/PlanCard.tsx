import type { PlanResponse } from '@think-tank/contracts';
import { Badge, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A plan with its price and features; the button is live only for a valid plan. */
export function PlanCard({ plan, onChoose }: { plan: PlanResponse; onChoose: (plan: PlanResponse) => void }) {
  const { t } = useTranslation('billing');
  const features = Array.isArray(plan.features) ? plan.features : [plan.features];
  return (
    <Card className={`h-100 ${plan.popular ? 'border-primary' : ''}`} data-testid="plan-card">
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h2" className="h6 d-flex justify-content-between align-items-start gap-2">
          {plan.planName ?? plan.name}
          {plan.popular && <Badge bg="primary">{t('plans.popular')}</Badge>}
        </Card.Title>
        <div className="fs-5 fw-bold mb-2">{plan.displayPrice}</div>
        <ul className="small text-secondary ps-3 flex-grow-1">
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <Button
          variant={plan.popular ? 'primary' : 'outline-primary'}
          disabled={!plan.isValid}
          onClick={() => onChoose(plan)}
        >
          {plan.isValid ? t('plans.choose') : t('plans.notAvailable')}
        </Button>
      </Card.Body>
    </Card>
  );
}
