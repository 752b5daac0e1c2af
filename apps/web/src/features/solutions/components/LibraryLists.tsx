import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SolutionList } from '../../../components/SolutionList';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format-time';
import { useBusyCall } from '../../../lib/use-busy-call';
import { clearHistory, LIBRARY_PAGE_SIZE, useFavourites, useHistory } from '../api/library-api';
import FavouriteStar from './FavouriteStar';

/** The profile's favourites: each starred solution, its star to unstar it there. */
export function FavouritesList() {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(1);
  return (
    <SolutionList
      id="favourites"
      title={t('favourites.title')}
      texts={{
        loading: t('favourites.loading'),
        failed: t('favourites.loadFailed'),
        empty: t('favourites.empty'),
      }}
      result={useFavourites(page)}
      page={page}
      pageSize={LIBRARY_PAGE_SIZE}
      onPage={setPage}
      aside={(s) => <FavouriteStar solutionId={s.solutionId} name={s.projectName} />}
    />
  );
}

/** The profile's reading history: each solution opened, at its last view, newest first; it can be cleared. */
export function HistoryList() {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(1);
  const clear = useBusyCall(
    () => clearHistory().then(() => setPage(1)),
    (err) => errorText(err, t, t('history.clearFailed')),
  );
  return (
    <>
      <SolutionList
        id="history"
        title={t('history.title')}
        texts={{ loading: t('history.loading'), failed: t('history.loadFailed'), empty: t('history.empty') }}
        result={useHistory(page)}
        page={page}
        pageSize={LIBRARY_PAGE_SIZE}
        onPage={setPage}
        aside={(s) => t('history.viewedAt', { time: formatDateTime(s.viewedAt) })}
        actions={
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={clear.busy}
            onClick={() => void clear.start()}
          >
            {clear.busy && <Spinner animation="border" size="sm" className="me-1" />}
            {t('history.clear')}
          </Button>
        }
      />
      {clear.error && (
        <p className="small text-danger" role="alert">
          {clear.error}
        </p>
      )}
    </>
  );
}
