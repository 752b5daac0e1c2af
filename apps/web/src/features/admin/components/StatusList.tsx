import type { AdminPage } from '@think-tank/contracts';
import type { ReactNode } from 'react';
import { Alert, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager';
import type { useAction } from '../use-action';
import { ActionResult, EmptyRow } from './AdminFeedback';

/**
 * A console list filtered by status: the status menu ("all" first), what the last action came to, the table of
 * one page with its empty row, and the pager. Each tab brings its statuses, headings and rows.
 */
export function StatusList<T>({
  label,
  status,
  statuses,
  statusText,
  onStatus,
  action,
  data,
  error,
  headings,
  row,
  onPage,
}: {
  label: string;
  status: string;
  statuses: readonly string[];
  statusText: (status: string) => string;
  onStatus: (status: string) => void;
  action: ReturnType<typeof useAction>;
  data: AdminPage<T> | undefined;
  error: unknown;
  headings: string[];
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Form.Select
        className="mb-2 w-auto"
        aria-label={label}
        value={status}
        onChange={(e) => onStatus(e.target.value)}
      >
        <option value="">{t('all')}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {statusText(s)}
          </option>
        ))}
      </Form.Select>
      <ActionResult action={action} />
      {Boolean(error) && <Alert variant="danger">{t('failed')}</Alert>}
      {data && (
        <>
          <Table size="sm" responsive>
            <thead>
              <tr>
                {headings.map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map(row)}
              <EmptyRow when={data.items.length === 0} colSpan={headings.length} />
            </tbody>
          </Table>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
        </>
      )}
    </>
  );
}
