import { WebRoute } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/Pager';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format-time';
import { UNLOCKED_PAGE_SIZE, useUnlocked } from '../api/auth-api';

/** The profile's "my unlocked solutions": each single view still live, with the day it ends (contract §11). */
export function UnlockedSolutions() {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useUnlocked(page);
  return (
    <section className="mt-4" aria-labelledby="unlocked">
      <h2 id="unlocked" className="h6">
        {t('unlocked.title')}
      </h2>
      {isLoading ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('unlocked.loading')}</span>
        </Spinner>
      ) : error ? (
        <Alert variant="danger">{errorText(error, t, t('unlocked.failed'))}</Alert>
      ) : !data?.items.length ? (
        <p className="small text-secondary">{t('unlocked.empty')}</p>
      ) : (
        <>
          <ul className="list-unstyled mb-2" data-testid="unlocked-list">
            {data.items.map((s) => (
              <li
                key={s.solutionId}
                className="d-flex flex-wrap justify-content-between gap-2 py-1 border-bottom"
              >
                <Link to={WebRoute.solution(s.solutionId)}>{s.projectName}</Link>
                <span className="small text-secondary">
                  {t('unlocked.until', { date: formatDate(s.expiresAt) })}
                </span>
              </li>
            ))}
          </ul>
          {data.total > UNLOCKED_PAGE_SIZE && (
            <Pager page={page} pageSize={UNLOCKED_PAGE_SIZE} total={data.total} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}
