import { OVERALL_STATUSES } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../lib/i18n';
import { retryDemandStage, useAdminDemands } from '../api/admin-api';
import { useAction } from '../use-action';
import { ActionResult, EmptyRow } from './AdminFeedback';
import { Pager } from '../../../components/Pager';

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
    <>
      <Form.Select
        className="mb-2 w-auto"
        aria-label={t('demands.status')}
        value={status}
        onChange={(e) => (setStatus(e.target.value), setPage(1))}
      >
        <option value="">{t('all')}</option>
        {OVERALL_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`workshop:overall.${s}`)}
          </option>
        ))}
      </Form.Select>
      <ActionResult action={action} />
      {error && <Alert variant="danger">{t('failed')}</Alert>}
      {data && (
        <>
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th>{t('demands.name')}</th>
                <th>{t('demands.status')}</th>
                <th>{t('demands.stages')}</th>
                <th>{t('demands.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((d) => (
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
                            <Button
                              size="sm"
                              variant="outline-danger"
                              disabled={action.busy}
                              onClick={() =>
                                void action.run(
                                  t('demands.confirmRetry', {
                                    stage: t(`workshop:stages.${s.stage}`),
                                    name: d.name,
                                  }),
                                  async () => {
                                    await retryDemandStage(d._id, s.stage);
                                    await mutate();
                                    return t('demands.retried', { stage: t(`workshop:stages.${s.stage}`) });
                                  },
                                )
                              }
                            >
                              {t('demands.retry')}
                            </Button>
                          )}
                        </div>
                      ))}
                  </td>
                  <td className="small">{relativeTime(d.updatedAt)}</td>
                </tr>
              ))}
              <EmptyRow when={data.items.length === 0} colSpan={4} />
            </tbody>
          </Table>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
