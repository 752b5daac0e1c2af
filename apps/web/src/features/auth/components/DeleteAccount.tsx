import { PASSWORD_MAX_LENGTH } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { errorText } from '../../../lib/error-text';
import { authApi } from '../api/auth-api';
import { useLogout } from '../use-logout';
import { CodeButton } from './CodeButton';

/**
 * Deleting the account (contract §11, PIPL's right to erasure): the page says what goes and what accounting keeps;
 * a dialog asks for the password, or, for an account without one, a code texted to its phone or mailed (contract §12: the
 * username the page shows proves nothing). Then this device is signed out too.
 */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const sendCode = async () => {
    setError(null);
    setCodeSent((await authApi.sendConfirmationCode('delete-account')).message);
    return 60;
  };

  const close = () => (setOpen(false), setConfirmation(''), setError(null));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!hasPassword && !/^\d{6}$/.test(confirmation.trim())) return setError(t('validation:codeLength'));
    if (!confirmation) return setError(t('validation:passwordRequired'));
    setBusy(true);
    setError(null);
    const body = hasPassword ? { password: confirmation } : { code: confirmation.trim() };
    try {
      await logout({ ended: { by: () => authApi.deleteAccount(body), notice: t('delete.done') } });
    } catch (err) {
      setError(errorText(err, t, t('delete.failed')));
      setBusy(false);
    }
  };

  return (
    <section className="mt-4" aria-labelledby="delete-account">
      <h2 id="delete-account" className="h6 text-danger">
        {t('delete.title')}
      </h2>
      <p className="small text-secondary mb-1">{t('delete.erased')}</p>
      <p className="small text-secondary">{t('delete.kept')}</p>
      <Button variant="outline-danger" size="sm" onClick={() => setOpen(true)}>
        {t('delete.open')}
      </Button>
      <Dialog show={open} onHide={busy ? undefined : close} centered aria-labelledby="delete-account-dialog">
        <Form noValidate onSubmit={submit}>
          <Modal.Header closeButton={!busy}>
            <Modal.Title id="delete-account-dialog" className="h5">
              {t('delete.confirmTitle')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('delete.warning')}</p>
            {error && <Alert variant="danger">{error}</Alert>}
            {!hasPassword && (
              <div className="mb-3">
                <p className="small text-secondary mb-2">{codeSent ?? t('delete.codeExplained')}</p>
                <CodeButton send={sendCode} onSent={() => undefined} onError={setError} />
              </div>
            )}
            <Form.Group controlId="delete-confirmation">
              <Form.Label>{hasPassword ? t('delete.password') : t('delete.code')}</Form.Label>
              <Form.Control
                type={hasPassword ? 'password' : 'text'}
                inputMode={hasPassword ? undefined : 'numeric'}
                autoComplete={hasPassword ? 'current-password' : 'one-time-code'}
                maxLength={hasPassword ? PASSWORD_MAX_LENGTH : 6}
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
                autoFocus
              />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" disabled={busy} onClick={close}>
              {t('delete.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy && <Spinner animation="border" size="sm" className="me-2" />}
              {busy ? t('delete.deleting') : t('delete.submit')}
            </Button>
          </Modal.Footer>
        </Form>
      </Dialog>
    </section>
  );
}
