import {
  INDUSTRIES,
  LIBRARY_INDUSTRIES,
  SEARCH_COUNT_CAP,
  WebRoute,
  languageOf,
  type LibraryIndustry,
  type SearchSort,
} from '@think-tank/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Container, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../lib/use-session';
import { SiteFooter, useSite } from '../../contact';
import { useSolutionSearch, SearchResults, type LibrarySearch } from '../../solutions';
import { addressOf, searchOf } from '../search-params';

/** Fewer results than this invite the visitor to submit a requirement instead (customer-area §2). */
const CREATE_REQUIREMENT_BELOW = 3;

// Alerts are plain Bootstrap markup here: <Alert> and its fade would weigh on every first visit.

/**
 * Home (customer-area §2): search the library, in one industry or all, by relevance or newest first; the search
 * lives in the address.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { data: site } = useSite();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const { query, industry } = search;
  const [input, setInput] = useState(query);
  useEffect(() => setInput(query), [query]);
  const { data, error, isValidating, mutate } = useSolutionSearch(search);
  // What the results are marked by: the query's terms, or the words a sentence was read as (contract §12).
  const terms =
    data?.matchedBy === 'words' ? (data.words ?? []) : query.toLowerCase().split(/\s+/).filter(Boolean);
  const lang = languageOf(i18n.language);

  /** A new search (terms, industry or order) starts again at page 1. */
  const refine = (change: Partial<LibrarySearch>) => setParams(addressOf({ ...search, page: 1, ...change }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    refine({ query: input.trim() });
  };
  const goTo = (page: number) => {
    setParams(addressOf({ ...search, page }));
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      {/* At least a screen high: the results arrive below the fold's footer, not by pushing it (CLS). */}
      <Container className="tt-page tt-screen">
        <section className="text-center pt-4 pb-3">
          <h1 className="display-6 fw-bold">{t('home.title')}</h1>
          <p className="lead text-secondary mt-2 mb-1">{t('home.subtitle')}</p>
          {/* Its line is kept while the site's details load, so that the link appearing moves nothing (CLS). */}
          <p className="mb-0" style={{ minHeight: '1.5rem' }}>
            {site?.resultsUrl && (
              <a href={site.resultsUrl} target="_blank" rel="noopener noreferrer">
                {t('home.resultsList')}
              </a>
            )}
          </p>
        </section>
        <Form onSubmit={submit} className="mx-auto mb-4" style={{ maxWidth: 720 }} role="search">
          <InputGroup size="lg">
            <Form.Control
              type="search"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder={t('search.placeholder')}
              aria-label={t('search.label')}
              maxLength={200}
            />
            <Button type="submit">{t('search.button')}</Button>
          </InputGroup>
          <div className="d-flex flex-wrap justify-content-center gap-3 mt-2">
            <Form.Group controlId="search-industry" className="d-flex align-items-center gap-2">
              <Form.Label className="small text-secondary text-nowrap mb-0">
                {t('search.industry')}
              </Form.Label>
              <Form.Select
                size="sm"
                value={industry ?? ''}
                onChange={(e) => refine({ industry: (e.target.value || undefined) as LibraryIndustry })}
              >
                <option value="">{t('search.allIndustries')}</option>
                {LIBRARY_INDUSTRIES.map((key) => (
                  <option key={key} value={key}>
                    {INDUSTRIES[key][lang]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {/* A blank query lists the newest first: there is nothing to rank it by. */}
            {query && (
              <Form.Group controlId="search-sort" className="d-flex align-items-center gap-2">
                <Form.Label className="small text-secondary text-nowrap mb-0">{t('search.sort')}</Form.Label>
                <Form.Select
                  size="sm"
                  value={search.sort}
                  onChange={(e) => refine({ sort: e.target.value as SearchSort })}
                >
                  <option value="relevance">{t('search.sortRelevance')}</option>
                  <option value="newest">{t('search.sortNewest')}</option>
                </Form.Select>
              </Form.Group>
            )}
          </div>
        </Form>
        <div className="mx-auto" style={{ maxWidth: 880 }}>
          {error ? (
            <div
              role="alert"
              className="alert alert-danger d-flex justify-content-between align-items-center"
            >
              {t('search.failed')}
              <Button variant="outline-danger" size="sm" onClick={() => mutate()}>
                {t('search.retry')}
              </Button>
            </div>
          ) : !data ? (
            <div className="text-center py-4" role="status">
              <Spinner animation="border" variant="primary" />
            </div>
          ) : (
            <>
              <div className="d-flex justify-content-between align-items-center mb-2 text-secondary small">
                <span aria-live="polite">
                  {t('search.count', {
                    count: data.totalCount,
                    shown: data.totalCountCapped ? `${SEARCH_COUNT_CAP}+` : data.totalCount,
                  })}
                </span>
                {isValidating && <Spinner animation="border" size="sm" />}
              </div>
              {query && search.sort === 'relevance' && data.sort === 'newest' && (
                <p className="small text-secondary">{t('search.sortCapped')}</p>
              )}
              {data.matchedBy === 'words' && data.list.length > 0 && (
                <p className="small alert alert-info py-2" data-testid="matched-by-words">
                  {t('search.byWords', { words: (data.words ?? []).join(' · ') })}
                </p>
              )}
              {data.list.length === 0 ? (
                <div
                  role="alert"
                  className="alert alert-warning d-flex justify-content-between align-items-center gap-2"
                >
                  {industry
                    ? t('search.noMatchInIndustry', { industry: INDUSTRIES[industry][lang] })
                    : t('search.noMatch')}
                  {industry && (
                    <Button
                      variant="outline-secondary"
                      size="sm"
                      onClick={() => refine({ industry: undefined })}
                    >
                      {t('search.allIndustriesAgain')}
                    </Button>
                  )}
                </div>
              ) : (
                <SearchResults data={data} terms={terms} onPage={goTo} signedIn={!!token} />
              )}
              {data.totalCount < CREATE_REQUIREMENT_BELOW && (
                <div className="text-center mt-3">
                  <Link
                    to={WebRoute.requirements}
                    state={{ keywords: query }}
                    className="btn btn-outline-primary"
                  >
                    {t('search.createRequirement')}
                  </Link>
                </div>
              )}
            </>
          )}
        </div>
      </Container>
      <SiteFooter />
    </>
  );
}
