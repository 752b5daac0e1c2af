import { WebRoute, type RelatedSolutionCitation } from '@think-tank/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The library's solutions a stage cites, each a link to the solution (where the paywall applies as usual). */
export function RelatedSolutions({ related }: { related: RelatedSolutionCitation[] | undefined }) {
  const { t } = useTranslation('workshop');
  if (!related?.length) return null;
  return (
    <>
      <h3 className="h6">{t('detail.relatedSolutions')}</h3>
      <ul data-testid="related-solutions">
        {related.map((r) => (
          <li key={r.id}>
            <Link to={WebRoute.solution(r.id)}>{r.name}</Link>{' '}
            <span className="small text-muted">{r.reason}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
