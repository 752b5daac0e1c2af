import { LinkButton } from '../../../components/LinkButton';
import { WebRoute } from '@think-tank/contracts';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/api/use-session';

const FEATURES = ['search', 'workshop', 'live'] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <Container className="tt-page">
      <section className="tt-hero text-center">
        <h1 className="display-6 fw-bold">{t('home.title')}</h1>
        <p className="lead text-secondary mt-3">{t('home.subtitle')}</p>
        <div className="d-flex gap-2 justify-content-center mt-4">
          {token ? (
            <LinkButton to={WebRoute.profile} size="lg">
              {t('home.profileCta')}
            </LinkButton>
          ) : (
            <>
              <LinkButton to={WebRoute.register} size="lg">
                {t('home.registerCta')}
              </LinkButton>
              <LinkButton to={WebRoute.login} variant="outline-primary" size="lg">
                {t('home.loginCta')}
              </LinkButton>
            </>
          )}
        </div>
      </section>
      <Row xs={1} md={3} className="g-4">
        {FEATURES.map((f) => (
          <Col key={f}>
            <Card className="h-100 shadow-sm border-0">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  {t(`home.features.${f}.title`)}
                </Card.Title>
                <Card.Text className="text-secondary">{t(`home.features.${f}.body`)}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
