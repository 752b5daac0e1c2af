import { WebRoute } from '@think-tank/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSolutionCitations } from '../api/admin-api';

/** The solutions the workshop's deliverables cite most: what the library is worth to the workshop. */
export function MostCited() {
  const { t } = useTranslation('admin');
  const { data } = useSolutionCitations();
  if (!data?.length) return null;
  return (
    <div className="mb-3" data-testid="most-cited">
      <h2 className="h6">{t('solutions.mostCited')}</h2>
      <ol className="small mb-0">
        {data.map((c) => (
          <li key={c.solutionId}>
            <Link to={WebRoute.solution(c.solutionId)}>{c.name}</Link>{' '}
            <span className="text-muted">{t('solutions.citations', { count: c.citations })}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
