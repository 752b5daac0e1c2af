import type { AdminPage } from '@think-tank/contracts';
import type { ReactNode } from 'react';
import { Alert, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager';
import { EmptyRow } from './AdminFeedback';

/**
 * The console's one list: a page of rows under its headings (and a last column of buttons, headed for screen readers
 * only, with `actions`), the empty row when there are none, the pager, and what a failed or slow read looks like.
 */
export function PagedTable<T>({
  page,
  headings,
  row,
  onPage,
  hover,
  actions,
}: {
  /** The SWR answer of an admin page. */
  page: { data?: AdminPage<T>; error?: unknown; isLoading?: boolean };
  headings: string[];
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
  hover?: boolean;
  actions?: boolean;
}) {
  const { t } = useTranslation('admin');
  const { data, error, isLoading } = page;
  const columns: ReactNode[] = actions
    ? [...headings, <span className="visually-hidden">{t('actionsColumn')}</span>]
    : headings;
  return (
    <>
      {Boolean(error) && <Alert variant="danger">{t('failed')}</Alert>}
      {isLoading && <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} />}
      {data && (
        <>
          <Table size="sm" hover={hover} responsive>
            <thead>
              <tr>
                {columns.map((h, i) => (
                  <th key={i}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map(row)}
              <EmptyRow when={data.items.length === 0} colSpan={columns.length} />
            </tbody>
          </Table>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
        </>
      )}
    </>
  );
}
