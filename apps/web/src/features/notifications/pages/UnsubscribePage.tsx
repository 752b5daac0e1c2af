import { WebRoute } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorText } from '../../../lib/error-text';
import { unsubscribe, useUnsubscribeInfo } from '../api/mail-preferences-api';

/**
 * /unsubscribe?token=…: where a mail's "unsubscribe" link leads a person. It asks before turning the kind off (a
 * link scanner opening it changes nothing); mail clients use the one-click address of List-Unsubscribe instead.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const token = useSearchParams()[0].get('token') ?? '';
  const { data, error, isLoading, mutate } = useUnsubscribeInfo(token);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (isLoading) return <PageSpinner />;
  const confirm = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await mutate(await unsubscribe(token), { revalidate: false });
    } catch (err) {
      setFailed(errorText(err, t, t('unsubscribe.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container className="tt-page" style={{ maxWidth: 560 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-3">{t('unsubscribe.title')}</h1>
          {!token || error || !data ? (
            <Alert variant="danger">{t('unsubscribe.invalid')}</Alert>
          ) : data.subscribed ? (
            <>
              <p>{t('unsubscribe.ask', { kind: t(`mail.kinds.${data.kind}`) })}</p>
              {failed && <Alert variant="danger">{failed}</Alert>}
              <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
                {busy && <Spinner animation="border" size="sm" className="me-2" />}
                {t('unsubscribe.confirm')}
              </Button>
            </>
          ) : (
            <Alert variant="success">{t('unsubscribe.done', { kind: t(`mail.kinds.${data.kind}`) })}</Alert>
          )}
          <p className="small text-secondary mt-3 mb-0">
            {t('unsubscribe.settings')}{' '}
            <Link to={`${WebRoute.profile}#mail-preferences`}>{t('unsubscribe.profile')}</Link>
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
