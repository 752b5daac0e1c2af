import { Button, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** A screen that failed to load (a chunk after a deployment, a network drop) offers a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Container className="tt-page">
      {/* Plain alert markup: this page is in the entry chunk, and <Alert> brings its fade transition. */}
      <div role="alert" className="alert alert-danger">
        <p>{t('errors.chunk')}</p>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </div>
    </Container>
  );
}
