import { SEARCH_COUNT_CAP, WebRoute } from '@think-tank/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Container, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth';
import { SiteFooter, useSite } from '../../contact';
import { useSolutionSearch, SearchResults } from '../../solutions';
import { searchOf } from '../search-params';

/** Fewer results than this invite the visitor to submit a requirement instead (customer-area §2). */
const CREATE_REQUIREMENT_BELOW = 3;

// Alerts are plain Bootstrap markup here: <Alert> and its fade would weigh on every first visit.

/** Home (customer-area §2): search the library; the query and page live in the address. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: site } = useSite();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const { query, page } = searchOf(params);
  const [input, setInput] = useState(query);
  useEffect(() => setInput(query), [query]);
  const { data, error, isValidating, mutate } = useSolutionSearch(query, page);
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = input.trim();
    setParams(q ? { q } : {});
  };
  const goTo = (p: number) => {
    setParams(query ? { q: query, page: String(p) } : { page: String(p) });
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
              {data.list.length === 0 ? (
                <div role="alert" className="alert alert-warning">
                  {t('search.noMatch')}
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
