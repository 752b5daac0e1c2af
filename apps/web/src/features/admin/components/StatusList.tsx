import type { AdminPage } from '@think-tank/contracts';
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { useAction } from '../use-action';
import { ActionResult } from './AdminFeedback';
import { PagedTable } from './PagedTable';

/**
 * A console list filtered by status: the status menu ("all" first), what the last action came to, the table of
 * one page (PagedTable). Each tab brings its statuses, headings and rows.
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
      <PagedTable page={{ data, error }} headings={headings} row={row} onPage={onPage} />
    </>
  );
}
