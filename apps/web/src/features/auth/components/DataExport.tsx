import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useBusyCall } from '../../../lib/use-busy-call';
import { authApi } from '../api/auth-api';

/** The profile's copy of everything the account holds, as a JSON file (contract §11: the right to a copy). */
export function DataExport() {
  const { t } = useTranslation('account');
  const { busy, error, start } = useBusyCall(authApi.exportData, (err) =>
    errorText(err, t, t('export.failed')),
  );

  return (
    <section className="mt-4" aria-labelledby="data-export">
      <h2 id="data-export" className="h6">
        {t('export.title')}
      </h2>
      <p className="small text-secondary mb-2">{t('export.hint')}</p>
      {error && <Alert variant="danger">{error}</Alert>}
      <Button variant="outline-primary" size="sm" disabled={busy} onClick={() => void start()}>
        {busy && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        {busy ? t('export.downloading') : t('export.download')}
      </Button>
    </section>
  );
}
