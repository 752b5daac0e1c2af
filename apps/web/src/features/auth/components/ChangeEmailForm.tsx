import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { authApi, authKeys } from '../api/auth-api';

type Step = 'closed' | 'address' | 'code';

/**
 * The profile's e-mail change (contract §11): the new address and the password, then the code mailed to the new
 * address. Nothing changes until the code comes back; the old address is told afterwards.
 */
export function ChangeEmailForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>('closed');
  const form = useForm({ newEmail: '', password: '', code: '' }, (v) =>
    step === 'address'
      ? {
          newEmail:
            v.newEmail.trim().length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(v.newEmail.trim())
              ? 'emailInvalid'
              : undefined,
          password: v.password ? undefined : 'passwordRequired',
        }
      : { code: /^\d{6}$/.test(v.code.trim()) ? undefined : 'codeLength' },
  );
  const [notice, setNotice] = useState<{ text: string; done: boolean } | null>(null);
  const failed = (err: unknown) => errorText(err, t, t('email.failed'));

  const ask = form.onSubmit(
    async (v) => {
      const { message } = await authApi.requestEmailChange({
        newEmail: v.newEmail.trim(),
        password: v.password,
      });
      setNotice({ text: message, done: false });
      form.set('password', '');
      form.set('code', '');
      setStep('code');
    },
    failed,
    { WRONG_PASSWORD: 'password', EMAIL_TAKEN: 'newEmail' },
  );

  const confirm = form.onSubmit(
    async (v) => {
      const { message } = await authApi.confirmEmailChange({ code: v.code.trim() });
      await mutate(authKeys.me);
      setNotice({ text: message, done: true });
      form.reset();
      setStep('closed');
    },
    failed,
    { INVALID_CODE: 'code' },
  );

  const cancel = () => (setStep('closed'), form.reset(), setNotice(null));

  return (
    <section className="mt-4" aria-labelledby="change-email">
      <h2 id="change-email" className="h6">
        {t('email.title')}
      </h2>
      {notice && (
        <Alert variant={notice.done ? 'success' : 'info'} dismissible onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {step === 'closed' &&
        (hasPassword ? (
          <Button variant="outline-primary" size="sm" onClick={() => (setStep('address'), setNotice(null))}>
            {t('email.open')}
          </Button>
        ) : (
          <p className="small text-secondary">{t('email.needsPassword')}</p>
        ))}
      {step !== 'closed' && (
        <Form noValidate onSubmit={step === 'address' ? ask : confirm} style={{ maxWidth: 420 }}>
          {form.error && <Alert variant="danger">{form.error}</Alert>}
          {step === 'address' ? (
            <>
              <FormField
                form={form}
                name="newEmail"
                id="email-new"
                label={t('email.newEmail')}
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX_LENGTH}
              />
              <FormField
                form={form}
                name="password"
                id="email-password"
                label={t('email.password')}
                type="password"
                autoComplete="current-password"
                maxLength={PASSWORD_MAX_LENGTH}
              />
              <SubmitButton busy={form.submitting} label={t('email.send')} busyLabel={t('email.sending')} />
            </>
          ) : (
            <>
              <FormField
                form={form}
                name="code"
                id="email-code"
                label={t('email.code', { email: form.values.newEmail.trim() })}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <SubmitButton
                busy={form.submitting}
                label={t('email.confirm')}
                busyLabel={t('email.confirming')}
              />
            </>
          )}
          <div className="d-grid mt-2">
            <Button variant="link" size="sm" disabled={form.submitting} onClick={cancel}>
              {t('email.cancel')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
