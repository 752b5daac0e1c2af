import { OVERALL_STATUSES } from '@think-tank/contracts';
import { useState } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../lib/format-time';
import { retryDemandStage, useAdminDemands } from '../api/admin-api';
import { useAction } from '../use-action';
import { ActionButton } from './AdminFeedback';
import { StatusList } from './StatusList';

const STAGE_VARIANT: Record<string, string> = {
  Completed: 'success',
  Error: 'danger',
  Processing: 'info',
  Queued: 'info',
  PendingInput: 'warning',
};

/** Demands of every user: filter by status, see each stage, retry a failed one. */
export function DemandsTab() {
  const { t } = useTranslation(['admin', 'workshop']);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useAdminDemands(status, page);
  const action = useAction();
  return (
    <StatusList
      label={t('demands.status')}
      status={status}
      statuses={OVERALL_STATUSES}
      statusText={(s) => t(`workshop:overall.${s}`)}
      onStatus={(s) => (setStatus(s), setPage(1))}
      action={action}
      data={data}
      error={error}
      headings={[t('demands.name'), t('demands.status'), t('demands.stages'), t('demands.updated')]}
      row={(d) => (
        <tr key={d._id} data-testid="demand-row">
          <td className="small">
            {d.name}
            <div className="text-muted">{d._id}</div>
          </td>
          <td>{t(`workshop:overall.${d.overallStatus}`)}</td>
          <td>
            {d.stages
              .filter((s) => s.status !== 'NotStarted')
              .map((s) => (
                <div key={s.stage} className="small mb-1">
                  <Badge bg={STAGE_VARIANT[s.status] ?? 'secondary'} className="me-1">
                    {t(`workshop:stages.${s.stage}`)} {t(`workshop:stageStatus.${s.status}`)}
                  </Badge>
                  {s.errorMessage && <span className="text-danger me-1">{s.errorMessage}</span>}
                  {s.status === 'Error' && (
                    <ActionButton
                      action={action}
                      variant="outline-danger"
                      confirm={t('demands.confirmRetry', {
                        stage: t(`workshop:stages.${s.stage}`),
                        name: d.name,
                      })}
                      run={async () => {
                        await retryDemandStage(d._id, s.stage);
                        await mutate();
                        return t('demands.retried', { stage: t(`workshop:stages.${s.stage}`) });
                      }}
                    >
                      {t('demands.retry')}
                    </ActionButton>
                  )}
                </div>
              ))}
          </td>
          <td className="small">{relativeTime(d.updatedAt)}</td>
        </tr>
      )}
      onPage={setPage}
    />
  );
}
