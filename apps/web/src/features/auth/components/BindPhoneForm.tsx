import { looksLikeMainlandMobile } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { authApi, authKeys } from '../api/auth-api';
import { CodeButton } from './CodeButton';

type Field = 'phone' | 'code';
const rules = (v: Record<Field, string>) => ({
  phone: looksLikeMainlandMobile(v.phone) ? undefined : ('phoneNumberInvalid' as const),
  code: /^\d{6}$/.test(v.code.trim()) ? undefined : ('smsCodeLength' as const),
});

/** The account's mobile number (contract §12): shown masked, bound or changed with a code texted to the new one. */
export function BindPhoneForm({ phone }: { phone: string | null }) {
  const { t } = useTranslation('account');
  const form = useForm<Record<Field, string>>({ phone: '', code: '' }, rules);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!form.validate()) return;
    setBusy(true);
    try {
      await authApi.bindPhone({ phone: form.values.phone.trim(), code: form.values.code.trim() });
      await mutate(authKeys.me);
      setNotice(t('bindPhone.done'));
      setOpen(false);
    } catch (err) {
      form.showServerErrors(err, { PHONE_TAKEN: 'phone', INVALID_CODE: 'code' });
      setError(errorText(err, t, t('bindPhone.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mt-4" aria-labelledby="bind-phone">
      <h2 id="bind-phone" className="h6">
        {t('bindPhone.title')}
      </h2>
      <p className="small mb-2" data-testid="bound-phone">
        {phone ?? <span className="text-secondary">{t('bindPhone.none')}</span>}
      </p>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {!open ? (
        <Button variant="outline-primary" size="sm" onClick={() => (setOpen(true), setNotice(null))}>
          {t(phone ? 'bindPhone.change' : 'bindPhone.bind')}
        </Button>
      ) : (
        <Form noValidate onSubmit={submit} style={{ maxWidth: 420 }}>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form.Group className="mb-3" controlId="bind-phone-number">
            <Form.Label>{t(phone ? 'bindPhone.newNumber' : 'phone.number')}</Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>+86</InputGroup.Text>
              <Form.Control
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={20}
                {...form.bind('phone')}
              />
              <Form.Control.Feedback type="invalid">{form.errors.phone}</Form.Control.Feedback>
            </InputGroup>
          </Form.Group>
          <Form.Group className="mb-3" controlId="bind-phone-code">
            <Form.Label>{t('phone.code')}</Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...form.bind('code')}
              />
              <CodeButton
                send={async () => {
                  if (!looksLikeMainlandMobile(form.values.phone)) return (form.validate(), null);
                  setError(null);
                  return (await authApi.smsCode({ phone: form.values.phone.trim(), purpose: 'bind' }))
                    .cooldownSeconds;
                }}
                onSent={() => setNotice(t('phone.sent'))}
                onError={setError}
              />
              <Form.Control.Feedback type="invalid">{form.errors.code}</Form.Control.Feedback>
            </InputGroup>
          </Form.Group>
          <SubmitButton busy={busy} label={t('bindPhone.submit')} busyLabel={t('bindPhone.submitting')} />
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
