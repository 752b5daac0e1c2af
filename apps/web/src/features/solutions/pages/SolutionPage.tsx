import { WebRoute } from '@think-tank/contracts';
import { lazy, Suspense, useState } from 'react';
import { Alert, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { ApiError } from '../../../lib/api-client';
import { Paywall, VisitorTeaser } from '../../paywall';
import { useSolutionView } from '../api/solution-view';

/**
 * A solution document in a sandboxed frame. No allow-same-origin, ever: the document gets an opaque origin,
 * so nothing in it can reach the app's storage, cookies or API with the reader's rights.
 */
export const SOLUTION_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals';

const FavouriteStar = lazy(() => import('../components/FavouriteStar'));
/** The bar above the document, with the reader's star. */
const BAR_HEIGHT = '2.75rem';

export default function SolutionPage() {
  const { t } = useTranslation();
  const { solutionId = '' } = useParams();
  const location = useLocation();
  const view = useSolutionView(solutionId);
  const [framed, setFramed] = useState(false);

  if (view.state === 'visitor') return <VisitorTeaser teaser={view.teaser} />;
  if (view.state === 'restricted') return <Paywall paywall={view.paywall} />;
  if (view.state === 'error') {
    const err = view.error;
    const message =
      err instanceof ApiError
        ? err.kind === 'format'
          ? t('solution.formatError')
          : err.status === 0
            ? t('solution.networkError')
            : (err.body?.message ?? t('solution.requestError'))
        : t('errors.unknown');
    return (
      <Container className="tt-page">
        <Alert variant="danger">{message}</Alert>
        <LinkButton to={WebRoute.home} variant="outline-secondary">
          {t('paywall.backHome')}
        </LinkButton>
      </Container>
    );
  }
  return (
    <>
      {!framed && (
        <div className="text-center text-secondary py-5" role="status">
          <Spinner animation="border" variant="primary" />
          <div className="mt-3">{t('solution.loading')}</div>
        </div>
      )}
      {view.state === 'document' && (
        <div
          className="container d-flex align-items-center justify-content-end"
          style={{ height: BAR_HEIGHT }}
        >
          <Suspense fallback={null}>
            <FavouriteStar solutionId={solutionId} />
          </Suspense>
        </div>
      )}
      {view.state === 'document' && (
        <iframe
          title={t('solution.frameTitle')}
          sandbox={SOLUTION_FRAME_SANDBOX}
          // The document's own URL (a single-use ticket), so its own CSP applies and its #anchors work; the
          // page's #anchor is handed on, so a link to a section lands on it.
          src={view.url + location.hash}
          onLoad={() => setFramed(true)}
          style={{
            width: '100%',
            height: `calc(100vh - var(--tt-nav-height) - ${BAR_HEIGHT})`,
            border: 0,
            display: 'block',
            // Laid out but unseen while loading (not display:none), so that a #anchor scrolls it on load.
            ...(framed ? {} : { position: 'absolute', visibility: 'hidden' }),
            background: '#fff',
          }}
        />
      )}
    </>
  );
}
