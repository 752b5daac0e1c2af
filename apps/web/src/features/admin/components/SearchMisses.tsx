import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchMisses } from '../api/admin-api';

/**
 * What visitors searched for and did not find, or found only by some of its words (contract §12): the library's to-do
 * list, the most frequent first, each a click away from a new solution that answers it.
 */
export function SearchMisses({ onWrite }: { onWrite: (query: string) => void }) {
  const { t } = useTranslation('admin');
  const { data } = useSearchMisses();
  if (!data?.length) return null;
  return (
    <div className="mb-3" data-testid="search-misses">
      <h2 className="h6">{t('solutions.misses')}</h2>
      <ol className="small mb-0">
        {data.slice(0, 10).map((m) => (
          <li key={m.query} className="mb-1">
            <span className="me-2">{m.query}</span>
            <span className="text-muted me-2">
              {t(m.kind === 'none' ? 'solutions.missNone' : 'solutions.missWords', { count: m.count })}
            </span>
            <Button size="sm" variant="outline-primary" className="py-0" onClick={() => onWrite(m.query)}>
              {t('solutions.writeFor')}
            </Button>
          </li>
        ))}
      </ol>
    </div>
  );
}
