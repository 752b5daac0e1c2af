import { WebRoute, type SolutionCitations } from '@think-tank/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

/** The solutions the workshop's deliverables cite most: what the library is worth to the workshop. */
export function MostCited() {
  const { t } = useTranslation('admin');
  const { data } = useSWR('/api/admin/solutions/citations', (path: string) => api<SolutionCitations[]>(path));
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
