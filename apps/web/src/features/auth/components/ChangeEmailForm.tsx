import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { authApi, authKeys } from '../api/auth-api';

type Step = 'closed' | 'address' | 'code';

/**
 * The profile's e-mail change (contract §11): the new address and the password, then the code mailed to the new
 * address. Nothing changes until the code comes back; the old address is told afterwards.
 */
export function ChangeEmailForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>('closed');
  const [form, setForm] = useState({ newEmail: '', password: '', code: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; done: boolean } | null>(null);

  const call = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err, t, t('email.failed')));
    } finally {
      setBusy(false);
    }
  };

  const ask = (e: FormEvent) => {
    e.preventDefault();
    const newEmail = form.newEmail.trim();
    if (newEmail.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(newEmail))
      return setError(t('validation:emailInvalid'));
    if (!form.password) return setError(t('validation:passwordRequired'));
    void call(async () => {
      const { message } = await authApi.requestEmailChange({ newEmail, password: form.password });
      setNotice({ text: message, done: false });
      setForm({ ...form, password: '', code: '' });
      setStep('code');
    });
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(form.code.trim())) return setError(t('validation:codeLength'));
    void call(async () => {
      const { message } = await authApi.confirmEmailChange({ code: form.code.trim() });
      await mutate(authKeys.me);
      setNotice({ text: message, done: true });
      setForm({ newEmail: '', password: '', code: '' });
      setStep('closed');
    });
  };

  const cancel = () => (setStep('closed'), setError(null), setNotice(null));
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

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
          {error && <Alert variant="danger">{error}</Alert>}
          {step === 'address' ? (
            <>
              <Form.Group className="mb-3" controlId="email-new">
                <Form.Label>{t('email.newEmail')}</Form.Label>
                <Form.Control
                  type="email"
                  autoComplete="email"
                  maxLength={EMAIL_MAX_LENGTH}
                  value={form.newEmail}
                  onChange={set('newEmail')}
                />
              </Form.Group>
              <Form.Group className="mb-3" controlId="email-password">
                <Form.Label>{t('email.password')}</Form.Label>
                <Form.Control
                  type="password"
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  value={form.password}
                  onChange={set('password')}
                />
              </Form.Group>
              <SubmitButton busy={busy} label={t('email.send')} busyLabel={t('email.sending')} />
            </>
          ) : (
            <>
              <Form.Group className="mb-3" controlId="email-code">
                <Form.Label>{t('email.code', { email: form.newEmail.trim() })}</Form.Label>
                <Form.Control
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={form.code}
                  onChange={set('code')}
                />
              </Form.Group>
              <SubmitButton busy={busy} label={t('email.confirm')} busyLabel={t('email.confirming')} />
            </>
          )}
          <div className="d-grid mt-2">
            <Button variant="link" size="sm" disabled={busy} onClick={cancel}>
              {t('email.cancel')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
