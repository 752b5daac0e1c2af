import { SHARE_DAYS } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Form, InputGroup, ListGroup, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format-time';
import { createShare, revokeShare, useShares } from '../api/workshop-api';

const DAYS = [SHARE_DAYS.default, 30, SHARE_DAYS.max];

/**
 * Share links to a demand's deliverables (contract §12): made with an expiry, copied, listed and revoked here. Whoever
 * holds one reads the outputs and the lab's pages without signing in, until it expires or is revoked.
 */
export function ShareDialog({ demandId, onHide }: { demandId: string | null; onHide: () => void }) {
  const { t } = useTranslation('workshop');
  const shares = useShares(demandId);
  const [days, setDays] = useState<number>(SHARE_DAYS.default);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await shares.mutate();
    } catch (err) {
      setError(errorText(err, t, t('share.failed'), { network: t('requirements.network') }));
    } finally {
      setBusy(false);
    }
  };
  const copy = async (url: string) => {
    // Where the clipboard is refused (an insecure origin, a WebView), the link stays selectable in its field.
    await navigator.clipboard?.writeText(url).then(
      () => setCopied(url),
      () => undefined,
    );
  };

  return (
    <Dialog show={demandId !== null} onHide={onHide} centered aria-labelledby="share-title">
      <Modal.Header closeButton closeLabel={t('share.close')}>
        <Modal.Title id="share-title" className="h5">
          {t('share.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-muted">{t('share.help')}</p>
        <InputGroup className="mb-3">
          <Form.Select
            aria-label={t('share.expiry')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            disabled={busy}
          >
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {t('share.days', { count: d })}
              </option>
            ))}
          </Form.Select>
          <Button disabled={busy || !demandId} onClick={() => void run(() => createShare(demandId!, days))}>
            {t('share.create')}
          </Button>
        </InputGroup>
        {error && <Alert variant="danger">{error}</Alert>}
        {!shares.data && !shares.error && <Spinner animation="border" size="sm" role="status" />}
        {shares.data?.length === 0 && <p className="text-muted small mb-0">{t('share.none')}</p>}
        <ListGroup>
          {shares.data?.map((s) => (
            <ListGroup.Item key={s.token} data-testid="share-link">
              <InputGroup size="sm" className="mb-1">
                <Form.Control
                  readOnly
                  value={s.url}
                  aria-label={t('share.link')}
                  onFocus={(e) => e.target.select()}
                />
                <Button variant="outline-secondary" onClick={() => void copy(s.url)}>
                  {copied === s.url ? t('share.copied') : t('share.copy')}
                </Button>
              </InputGroup>
              <div className="d-flex align-items-center small">
                <span className="text-muted me-auto">
                  {t('share.expires', { date: formatDate(s.expiresAt) })}
                </span>
                <Button
                  variant="link"
                  size="sm"
                  className="text-danger p-0"
                  disabled={busy}
                  onClick={() => void run(() => revokeShare(demandId!, s.token))}
                >
                  {t('share.revoke')}
                </Button>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
    </Dialog>
  );
}
