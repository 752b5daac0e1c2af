import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/PageSpinner';
import { minimalTestPage } from '../api/workshop-api';

/** /minimal-test: the server's diagnostic page, with how long it took to answer. */
export default function MinimalTestPage() {
  const { t } = useTranslation('workshop');
  const [result, setResult] = useState<
    { html: string; ms: number; status: number } | { error: string } | null
  >(null);
  const check = useCallback(() => {
    setResult(null);
    const started = performance.now();
    minimalTestPage().then(
      ({ body, status }) => setResult({ html: body, status, ms: Math.round(performance.now() - started) }),
      (err: Error) => setResult({ error: err.message }),
    );
  }, []);
  useEffect(check, [check]);

  return (
    <Container className="py-4">
      <div className="d-flex align-items-center mb-3">
        <h1 className="h4 mb-0 me-auto">{t('minimal.title')}</h1>
        <Button size="sm" variant="outline-primary" onClick={check} disabled={!result}>
          {t('minimal.reload')}
        </Button>
      </div>
      {!result ? (
        <PageSpinner />
      ) : 'error' in result ? (
        <Alert variant="danger">{t('minimal.failed', { message: result.error })}</Alert>
      ) : (
        <>
          <p className="text-muted small">{t('minimal.status', { status: result.status, ms: result.ms })}</p>
          <iframe
            title={t('minimal.title')}
            sandbox=""
            srcDoc={result.html}
            className="w-100 border rounded"
            style={{ height: 360 }}
          />
        </>
      )}
    </Container>
  );
}
