import { passwordError, PASSWORD_MAX_LENGTH } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { session } from '../../../lib/session';
import { authApi } from '../api/auth-api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The profile's password change (contract §11): the current password, then the new one twice. Every other device
 * is signed out; this one carries on with the new session the server answers.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!form.currentPassword) return setError(t('validation:passwordRequired'));
    const weak = passwordError(form.newPassword);
    if (weak) return setError(t(`validation:${weak}`));
    if (form.newPassword !== form.confirmPassword) return setError(t('validation:resetPasswordMismatch'));
    setBusy(true);
    try {
      const res = await authApi.changePassword({
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      session.save(res);
      setDone(res.message);
      setForm(EMPTY);
      setOpen(false);
    } catch (err) {
      setError(errorText(err, t, t('password.failed')));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof EMPTY, autoComplete: string) => (
    <Form.Group className="mb-3" controlId={`password-${key}`}>
      <Form.Label>{t(`password.${key}`)}</Form.Label>
      <Form.Control
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX_LENGTH}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </Form.Group>
  );

  return (
    <section className="mt-4" aria-labelledby="change-password">
      <h2 id="change-password" className="h6">
        {t('password.title')}
      </h2>
      {done && (
        <Alert variant="success" dismissible onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {!open ? (
        <Button variant="outline-primary" size="sm" onClick={() => (setOpen(true), setDone(null))}>
          {t('password.open')}
        </Button>
      ) : (
        <Form noValidate onSubmit={submit} style={{ maxWidth: 420 }}>
          {error && <Alert variant="danger">{error}</Alert>}
          {field('currentPassword', 'current-password')}
          {field('newPassword', 'new-password')}
          {field('confirmPassword', 'new-password')}
          <p className="small text-secondary">{t('password.hint')}</p>
          <SubmitButton busy={busy} label={t('password.submit')} busyLabel={t('password.submitting')} />
          <div className="d-grid mt-2">
            <Button variant="link" size="sm" disabled={busy} onClick={() => (setOpen(false), setError(null))}>
              {t('password.cancel')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
