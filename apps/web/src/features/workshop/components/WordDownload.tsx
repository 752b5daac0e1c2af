import type { Stage } from '@think-tank/contracts';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useBusyCall } from '../../../lib/use-busy-call';
import { downloadWord } from '../api/workshop-api';

/** Downloads a stage's deliverables, or the whole demand's, as a Word document named after the demand. */
export function WordDownload({ demandId, stage }: { demandId: string; stage?: Stage }) {
  const { t } = useTranslation('workshop');
  const { busy, error, start } = useBusyCall(
    () => downloadWord(demandId, stage),
    (err) => errorText(err, t, t('detail.exportFailed')),
  );
  return (
    <>
      <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => void start()}>
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
