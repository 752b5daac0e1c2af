import { WebRoute, type AdminPage } from '@think-tank/contracts';
import type { ReactNode } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { errorText } from '../lib/error-text';
import { Pager } from './Pager';

/**
 * One of the profile's lists of solutions (unlocked, favourites, history): a heading, then loading, an error, an
 * empty line or the page of links with what `aside` says of each, and the pager.
 */
export function SolutionList<T extends { solutionId: string; projectName: string }>({
  id,
  title,
  texts,
  result: { data, error, isLoading },
  page,
  pageSize,
  onPage,
  aside,
  actions,
}: {
  id: string;
  title: string;
  texts: { loading: string; failed: string; empty: string };
  result: SWRResponse<AdminPage<T>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  aside: (row: T) => ReactNode;
  /** Beside the heading, while the list has rows (clear the history). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="mt-4" aria-labelledby={id}>
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h2 id={id} className="h6 mb-0">
          {title}
        </h2>
        {!!data?.items.length && actions}
      </div>
      {isLoading ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{texts.loading}</span>
        </Spinner>
      ) : error ? (
        <Alert variant="danger">{errorText(error, t, texts.failed)}</Alert>
      ) : !data?.items.length ? (
        <p className="small text-secondary">{texts.empty}</p>
      ) : (
        <>
          <ul className="list-unstyled mb-2" data-testid={`${id}-list`}>
            {data.items.map((s) => (
              <li
                key={s.solutionId}
                className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-1 border-bottom"
              >
                <Link to={WebRoute.solution(s.solutionId)}>{s.projectName}</Link>
                <span className="small text-secondary">{aside(s)}</span>
              </li>
            ))}
          </ul>
          {data.total > pageSize && (
            <Pager page={page} pageSize={pageSize} total={data.total} onPage={onPage} />
          )}
        </>
      )}
    </section>
  );
}
