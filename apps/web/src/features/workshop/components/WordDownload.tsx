import type { Stage } from '@think-tank/contracts';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { downloadWord } from '../api/workshop-api';

/** Downloads a stage's deliverables, or the whole demand's, as a Word document named after the demand. */
export function WordDownload({ demandId, stage }: { demandId: string; stage?: Stage }) {
  const { t } = useTranslation('workshop');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadWord(demandId, stage);
    } catch (err) {
      setError(errorText(err, t, t('detail.exportFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => void download()}>
        {busy && <Spinner animation="border" size="sm" className="me-1" />}
        {stage ? t('detail.exportStage') : t('detail.exportDemand')}
      </Button>
      {error && (
        <span className="small text-danger" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
