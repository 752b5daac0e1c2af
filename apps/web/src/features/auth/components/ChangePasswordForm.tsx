import { passwordError, PASSWORD_MAX_LENGTH } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { session } from '../../../lib/session';
import { authApi } from '../api/auth-api';
import { CodeButton } from './CodeButton';

const EMPTY = { currentPassword: '', code: '', newPassword: '', confirmPassword: '' };

/**
 * The profile's password change (contract §11): the current password, then the new one twice. An account without
 * one (made by a phone number or a provider) sets its first with a code texted or mailed to it (contract §12).
 * Every other device is signed out; this one carries on with the new session the server answers.
 */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (hasPassword && !form.currentPassword) return setError(t('validation:passwordRequired'));
    if (!hasPassword && !/^\d{6}$/.test(form.code.trim())) return setError(t('validation:smsCodeLength'));
    const weak = passwordError(form.newPassword);
    if (weak) return setError(t(`validation:${weak}`));
    if (form.newPassword !== form.confirmPassword) return setError(t('validation:resetPasswordMismatch'));
    setBusy(true);
    try {
      const res = await authApi.changePassword(
        hasPassword
          ? { currentPassword: form.currentPassword, newPassword: form.newPassword }
          : { code: form.code.trim(), newPassword: form.newPassword },
      );
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

  const field = (key: 'currentPassword' | 'newPassword' | 'confirmPassword', autoComplete: string) => (
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
        {t(hasPassword ? 'password.title' : 'password.setTitle')}
      </h2>
      {done && (
        <Alert variant="success" dismissible onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {!open ? (
        <Button variant="outline-primary" size="sm" onClick={() => (setOpen(true), setDone(null))}>
          {t(hasPassword ? 'password.open' : 'password.setOpen')}
        </Button>
      ) : (
        <Form noValidate onSubmit={submit} style={{ maxWidth: 420 }}>
          {error && <Alert variant="danger">{error}</Alert>}
          {hasPassword ? (
            field('currentPassword', 'current-password')
          ) : (
            <Form.Group className="mb-3" controlId="password-code">
              <Form.Label>{t('password.code')}</Form.Label>
              <InputGroup>
                <Form.Control
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={form.code}
                  onChange={(e) => setForm({ ...form, code: e.target.value })}
                />
                <CodeButton
                  send={async () => {
                    setError(null);
                    setDone((await authApi.sendConfirmationCode('set-password')).message);
                    return 60;
                  }}
                  onSent={() => undefined}
                  onError={setError}
                />
              </InputGroup>
            </Form.Group>
          )}
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
