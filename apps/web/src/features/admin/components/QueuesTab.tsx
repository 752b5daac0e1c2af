import { useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../lib/format-time';
import { retryJob, useFailedJobs, useQueues } from '../api/admin-api';
import { useAction } from '../use-action';
import { ActionButton, ActionResult } from './AdminFeedback';
import { PagedTable } from './PagedTable';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The queues: counts by state (refreshed every 10 s), what the last sweep for stuck stages did, a queue's failed
 * jobs, and a retry.
 */
export function QueuesTab() {
  const { t } = useTranslation('admin');
  const { data: queues, error, mutate: reloadCounts } = useQueues();
  const [open, setOpen] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const failedJobs = useFailedJobs(open, page);
  const { mutate } = failedJobs;
  const action = useAction();
  return (
    <>
      {error && <Alert variant="danger">{t('failed')}</Alert>}
      <Table size="sm">
        <thead>
          <tr>
            <th>{t('queues.name')}</th>
            {STATES.map((s) => (
              <th key={s}>{t(`queues.${s}`)}</th>
            ))}
            <th>
              <span className="visually-hidden">{t('actionsColumn')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {queues?.map((q) => (
            <tr key={q.name}>
              <td>{q.name}</td>
              {STATES.map((s) => (
                <td key={s}>{q.counts[s]}</td>
              ))}
              <td>
                <Button size="sm" variant="link" onClick={() => (setOpen(q.name), setPage(1))}>
                  {t('queues.showFailed')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {queues?.map(
        (q) =>
          q.lastSweep && (
            <p key={q.name} className="small text-muted" data-testid="last-sweep">
              {t('queues.lastSweep', {
                at: relativeTime(q.lastSweep.at),
                checked: q.lastSweep.checked,
                requeued: q.lastSweep.requeued.length,
                errored: q.lastSweep.errored.length,
              })}
              {[...q.lastSweep.requeued, ...q.lastSweep.errored].length > 0 && (
                <span className="d-block text-break">
                  {[...q.lastSweep.requeued, ...q.lastSweep.errored].join(', ')}
                </span>
              )}
            </p>
          ),
      )}
      <ActionResult action={action} />
      {open && (
        <>
          <h3 className="h6">{t('queues.failedOf', { name: open })}</h3>
          <PagedTable
            page={failedJobs}
            headings={[t('queues.job'), t('queues.reason'), t('queues.tries')]}
            actions
            onPage={setPage}
            row={(j) => (
              <tr key={j.id}>
                <td className="small text-break">{j.id}</td>
                <td className="small text-danger">{j.failedReason}</td>
                <td className="small">{t('queues.attempts', { count: j.attemptsMade })}</td>
                <td>
                  <ActionButton
                    action={action}
                    variant="outline-primary"
                    confirm={t('queues.confirmRetry', { id: j.id })}
                    run={async () => {
                      await retryJob(open, j.id);
                      await Promise.all([mutate(), reloadCounts()]);
                      return t('queues.retried');
                    }}
                  >
                    {t('queues.retry')}
                  </ActionButton>
                </td>
              </tr>
            )}
          />
        </>
      )}
    </>
  );
}
