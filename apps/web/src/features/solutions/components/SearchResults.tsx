import {
  SEARCH_PAGE_SIZE,
  SNIPPET_DETAILS_CHARS,
  SNIPPET_REQUIREMENTS_CHARS,
  WebRoute,
  type SearchResponse,
} from '@think-tank/contracts';
import { lazy, Suspense } from 'react';
import { ListGroup, Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Highlight, snippet } from './Highlight';

// Stars are for signed-in readers only: their code stays out of a visitor's first load.
const FavouriteStar = lazy(() => import('./FavouriteStar'));

/** Page links around the current one: first, last, and two on each side. */
export function pageWindow(current: number, pages: number): (number | 'gap')[] {
  const shown = [...new Set([1, pages, ...[-2, -1, 0, 1, 2].map((d) => current + d)])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - shown[i - 1] > 1 ? ['gap' as const, p] : [p]));
}

export function SearchResults({
  data,
  terms,
  onPage,
  signedIn = false,
}: {
  data: SearchResponse;
  terms: string[];
  onPage: (page: number) => void;
  /** Shows each result's star. */
  signedIn?: boolean;
}) {
  const { t } = useTranslation();
  const pages = Math.ceil(data.totalCount / SEARCH_PAGE_SIZE);
  return (
    <>
      <ListGroup className="shadow-sm">
        {data.list.map((s) => (
          <ListGroup.Item
            key={s._id}
            as="div"
            className="list-group-item-action d-flex align-items-start gap-2 py-3"
          >
            <a
              href={WebRoute.solution(s._id)}
              target="_blank"
              rel="noopener"
              className="flex-grow-1 text-reset text-decoration-none"
            >
              <h2 className="h6 fw-bold text-primary mb-1">
                <Highlight text={s.projectName} terms={terms} />
              </h2>
              <p className="mb-1">
                <Highlight text={snippet(s.projectRequirements, SNIPPET_REQUIREMENTS_CHARS)} terms={terms} />
              </p>
              <p className="mb-0 small text-secondary">
                <Highlight
                  text={snippet(s.projectRequirementsDetails, SNIPPET_DETAILS_CHARS)}
                  terms={terms}
                />
              </p>
            </a>
            {signedIn && (
              <Suspense fallback={null}>
                <FavouriteStar solutionId={s._id} name={s.projectName} />
              </Suspense>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {pages > 1 && (
        <Pagination className="justify-content-center mt-4" aria-label={t('search.pages')}>
          <Pagination.Prev
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
            aria-label={t('search.prev')}
          />
          {pageWindow(data.page, pages).map((p, i) =>
            p === 'gap' ? (
              <Pagination.Ellipsis key={`gap${i}`} disabled />
            ) : (
              <Pagination.Item key={p} active={p === data.page} onClick={() => onPage(p)}>
                {p}
              </Pagination.Item>
            ),
          )}
          <Pagination.Next
            disabled={data.page >= pages}
            onClick={() => onPage(data.page + 1)}
            aria-label={t('search.next')}
          />
        </Pagination>
      )}
    </>
  );
}
