import { LAB_INDEX_FILE, WebRoute } from '@think-tank/contracts';
import { useEffect, useState } from 'react';
import { Alert, Button, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { ApiError } from '../../../lib/api-client';
import { labFileText, labTicket } from '../api/workshop-api';

type Loaded = { kind: 'frame'; url: string } | { kind: 'json' | 'text'; body: string; note?: string };

/** The generated file's frame: scripts, forms, popups and modals, never the app's origin. */
const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals';

/** /demand-lab/:labName/*: a demand's generated files, shown by type (demand-workshop §2). */
export default function DemandLabPage() {
  const { t } = useTranslation('workshop');
  const { labName = '', '*': rest = '' } = useParams();
  const { pathname, hash } = useLocation();
  // A `#section` of the address is the frame's anchor (demand-workshop §2); `#print` is the export's own.
  const anchor = hash === '#print' ? '' : hash;
  const navigate = useNavigate();
  const path = rest || LAB_INDEX_FILE;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<{ text: string; login?: boolean } | null>(null);

  useEffect(() => {
    setLoaded(null);
    setError(null);
    if (!labName) return setError({ text: t('lab.noName') });
    if (!path) return setError({ text: t('lab.noPath') });
    const fail = (err: unknown) => setError(viewerError(err, t));
    // An HTML file runs in the frame from its own URL (a single-use ticket), under its own sandbox CSP.
    if (/\.html?$/i.test(path)) {
      labTicket(labName, path).then(({ url }) => setLoaded({ kind: 'frame', url }), fail);
      return;
    }
    labFileText(labName, path).then(({ body, contentType }) => {
      if (contentType.includes('json'))
        try {
          return setLoaded({ kind: 'json', body: JSON.stringify(JSON.parse(body), null, 2) });
        } catch {
          return setLoaded({ kind: 'text', body, note: t('lab.badJson') });
        }
      setLoaded({ kind: 'text', body });
    }, fail);
  }, [labName, path, t]);

  /** The file in a tab of its own that prints itself (#print): the browser saves it as PDF, with its print style. */
  const exportPdf = async () => {
    try {
      const { url } = await labTicket(labName, path);
      window.open(`${url}#print`, '_blank', 'noopener');
    } catch (err) {
      setError(viewerError(err, t));
    }
  };

  return (
    <Container fluid className="py-3">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h1 className="h5 mb-0 me-auto">
          {t('lab.title')} <small className="text-muted">{path}</small>
        </h1>
        {loaded?.kind === 'frame' && (
          <Button variant="outline-secondary" size="sm" onClick={() => void exportPdf()}>
            {t('lab.exportPdf')}
          </Button>
        )}
        <Button variant="link" size="sm" onClick={() => navigate(-1)}>
          {t('lab.back')}
        </Button>
      </div>
      {error ? (
        <Alert variant="danger">
          <p>{error.text}</p>
          {error.login && (
            <Button
              size="sm"
              className="me-2"
              onClick={() => navigate(`${WebRoute.login}?redirect=${encodeURIComponent(pathname + anchor)}`)}
            >
              {t('lab.login')}
            </Button>
          )}
          <Button size="sm" variant="outline-secondary" onClick={() => navigate(-1)}>
            {t('lab.back')}
          </Button>
        </Alert>
      ) : !loaded ? (
        <PageSpinner />
      ) : loaded.kind === 'frame' ? (
        <iframe
          title={t('lab.frameTitle')}
          sandbox={FRAME_SANDBOX}
          src={`${loaded.url}${anchor}`}
          className="w-100 border rounded"
          style={{ height: 'calc(100vh - 160px)' }}
        />
      ) : (
        <>
          {loaded.note && <Alert variant="warning">{loaded.note}</Alert>}
          <pre className="border rounded p-3 bg-light" data-testid="lab-text">
            {loaded.body}
          </pre>
        </>
      )}
    </Container>
  );
}

function viewerError(err: unknown, t: (key: string) => string): { text: string; login?: boolean } {
  if (!(err instanceof ApiError)) return { text: t('lab.unknown') };
  if (err.status === 0) return { text: t('lab.network') };
  const own = err.body?.message;
  if (err.status === 401) return { text: t('lab.unauthorized'), login: true };
  if (err.status === 403) return { text: own ?? t('lab.forbidden') };
  if (err.status === 404) return { text: t('lab.notFound') };
  return { text: own ?? t('lab.failed') };
}
