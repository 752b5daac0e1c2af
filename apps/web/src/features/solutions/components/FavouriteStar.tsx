import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { setFavourite, useFavouriteIds } from '../api/library-api';

/**
 * A solution's star (contract §11 favourites): pressed when the reader starred it. Shown to signed-in readers
 * only, loaded after the page's own content. Beside a result, a bare star named after the solution (`name`);
 * alone on the solution's page, a star with its words.
 */
export default function FavouriteStar({ solutionId, name }: { solutionId: string; name?: string }) {
  const { t } = useTranslation('account');
  const { data: ids, error: loadError } = useFavouriteIds();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const starred = !!ids?.includes(solutionId);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await setFavourite(solutionId, !starred);
    } catch (err) {
      setError(errorText(err, t, t('favourites.failed')));
    } finally {
      setBusy(false);
    }
  };
  const words = starred ? t('favourites.starred') : t('favourites.star');
  const bare = name !== undefined;
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <button
        type="button"
        className={`btn btn-sm ${bare ? 'tt-star' : 'btn-outline-secondary'}`}
        aria-pressed={starred}
        aria-label={bare ? t('favourites.starName', { name }) : undefined}
        title={bare ? words : undefined}
        // Not until the reader's stars are known: a press before that could star what is starred already.
        disabled={busy || (!ids && !loadError)}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{starred ? '★' : '☆'}</span>
        {!bare && <span className="ms-1">{words}</span>}
      </button>
      {error && (
        <span className="small text-danger" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
