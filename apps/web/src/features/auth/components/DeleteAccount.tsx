import { PASSWORD_MAX_LENGTH } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { FormField } from '../../../components/FormField';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
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
  const form = useForm({ confirmation: '' }, ({ confirmation }) => ({
    confirmation: hasPassword
      ? confirmation
        ? undefined
        : 'passwordRequired'
      : /^\d{6}$/.test(confirmation.trim())
        ? undefined
        : 'codeLength',
  }));
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const sendCode = async () => {
    form.setError(null);
    setCodeSent((await authApi.sendConfirmationCode('delete-account')).message);
    return 60;
  };
  const busy = form.submitting;
  const close = () => (setOpen(false), form.reset());

  const submit = form.onSubmit(
    ({ confirmation }) => {
      const body = hasPassword ? { password: confirmation } : { code: confirmation.trim() };
      return logout({ ended: { by: () => authApi.deleteAccount(body), notice: t('delete.done') } });
    },
    (err) => errorText(err, t, t('delete.failed')),
    { WRONG_PASSWORD: 'confirmation', INVALID_CODE: 'confirmation' },
  );

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
            {form.error && <Alert variant="danger">{form.error}</Alert>}
            {!hasPassword && (
              <div className="mb-3">
                <p className="small text-secondary mb-2">{codeSent ?? t('delete.codeExplained')}</p>
                <CodeButton send={sendCode} onSent={() => undefined} onError={form.setError} />
              </div>
            )}
            <FormField
              form={form}
              name="confirmation"
              id="delete-confirmation"
              label={hasPassword ? t('delete.password') : t('delete.code')}
              type={hasPassword ? 'password' : 'text'}
              inputMode={hasPassword ? undefined : 'numeric'}
              autoComplete={hasPassword ? 'current-password' : 'one-time-code'}
              maxLength={hasPassword ? PASSWORD_MAX_LENGTH : 6}
              autoFocus
            />
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
