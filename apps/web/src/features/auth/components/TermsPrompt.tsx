import { WebRoute } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Dialog } from '../../../components/Dialog';
import { errorText } from '../../../lib/error-text';
import { authApi, useLegalVersions, useMe } from '../api/auth-api';
import { useLogout } from '../use-logout';

/**
 * Asks a signed-in user to accept the terms and the privacy policy when those in force are not the versions they
 * accepted (a change, or an account made by a provider sign-in): at their next visit, on every page but the texts
 * themselves, which open in a new tab to be read. Declining signs out.
 */
export function TermsPrompt() {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const { data: me, mutate } = useMe();
  const logout = useLogout();
  const asked = !!me?.termsToAccept && pathname !== WebRoute.terms && pathname !== WebRoute.privacy;
  const versions = useLegalVersions(asked);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!asked) return null;

  const accept = async () => {
    if (!versions.data) return;
    setBusy(true);
    setError(null);
    try {
      await authApi.acceptTerms({ termsVersion: versions.data.terms, privacyVersion: versions.data.privacy });
      await mutate();
    } catch (err) {
      // A version changed while the dialog was open: the next press accepts the new one.
      await versions.mutate();
      setError(errorText(err, t, t('termsPrompt.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog show backdrop="static" keyboard={false} centered aria-labelledby="terms-prompt">
      <Modal.Header>
        <Modal.Title id="terms-prompt" className="h5">
          {t('termsPrompt.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        <p className="mb-0">
          {t('termsPrompt.body')}{' '}
          <Link to={WebRoute.terms} target="_blank">
            {t('termsPrompt.terms')}
          </Link>{' '}
          {t('termsPrompt.and')}{' '}
          <Link to={WebRoute.privacy} target="_blank">
            {t('termsPrompt.privacy')}
          </Link>
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" disabled={busy} onClick={() => void logout()}>
          {t('termsPrompt.logout')}
        </Button>
        <Button disabled={busy || !versions.data} onClick={() => void accept()}>
          {busy && <Spinner animation="border" size="sm" className="me-2" />}
          {busy ? t('termsPrompt.accepting') : t('termsPrompt.accept')}
        </Button>
      </Modal.Footer>
    </Dialog>
  );
}
