import { passwordError, PASSWORD_MAX_LENGTH } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
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
  const form = useForm(EMPTY, (v) => ({
    currentPassword: hasPassword && !v.currentPassword ? 'passwordRequired' : undefined,
    code: !hasPassword && !/^\d{6}$/.test(v.code.trim()) ? 'smsCodeLength' : undefined,
    newPassword: passwordError(v.newPassword) ?? undefined,
    confirmPassword: v.confirmPassword !== v.newPassword ? 'resetPasswordMismatch' : undefined,
  }));
  const [done, setDone] = useState<string | null>(null);

  const submit = form.onSubmit(
    async (v) => {
      const res = await authApi.changePassword(
        hasPassword
          ? { currentPassword: v.currentPassword, newPassword: v.newPassword }
          : { code: v.code.trim(), newPassword: v.newPassword },
      );
      session.save(res);
      setDone(res.message);
      form.reset();
      setOpen(false);
    },
    (err) => errorText(err, t, t('password.failed')),
    { WRONG_PASSWORD: 'currentPassword', INVALID_CODE: 'code' },
  );

  const field = (key: 'currentPassword' | 'newPassword' | 'confirmPassword', autoComplete: string) => (
    <FormField
      form={form}
      name={key}
      id={`password-${key}`}
      label={t(`password.${key}`)}
      type="password"
      autoComplete={autoComplete}
      maxLength={PASSWORD_MAX_LENGTH}
    />
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
          {form.error && <Alert variant="danger">{form.error}</Alert>}
          {hasPassword ? (
            field('currentPassword', 'current-password')
          ) : (
            <Form.Group className="mb-3" controlId="password-code">
              <Form.Label>{t('password.code')}</Form.Label>
              <InputGroup hasValidation>
                <Form.Control
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  {...form.bind('code')}
                />
                <CodeButton
                  send={async () => {
                    form.setError(null);
                    setDone((await authApi.sendConfirmationCode('set-password')).message);
                    return 60;
                  }}
                  onSent={() => undefined}
                  onError={form.setError}
                />
                <Form.Control.Feedback type="invalid">{form.errors.code}</Form.Control.Feedback>
              </InputGroup>
            </Form.Group>
          )}
          {field('newPassword', 'new-password')}
          {field('confirmPassword', 'new-password')}
          <p className="small text-secondary">{t('password.hint')}</p>
          <SubmitButton
            busy={form.submitting}
            label={t('password.submit')}
            busyLabel={t('password.submitting')}
          />
          <div className="d-grid mt-2">
            <Button
              variant="link"
              size="sm"
              disabled={form.submitting}
              onClick={() => (setOpen(false), form.reset())}
            >
              {t('password.cancel')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
