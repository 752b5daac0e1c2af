import { looksLikeMainlandMobile, type SessionResponse } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { authApi } from '../api/auth-api';
import { CodeButton } from './CodeButton';
import { TermsCheck } from './TermsCheck';

type Field = 'phone' | 'code';
const rules = (v: Record<Field, string>) => ({
  phone: looksLikeMainlandMobile(v.phone) ? undefined : ('phoneNumberInvalid' as const),
  code: /^\d{6}$/.test(v.code.trim()) ? undefined : ('smsCodeLength' as const),
});

/**
 * Sign-in (and sign-up) by a mainland number and the code texted to it (contract §12). The terms' box shows from
 * the start on the sign-up screen, and on the sign-in screen once the number turns out to be new.
 */
export function PhoneSignIn({
  signUp,
  onSignedIn,
}: {
  signUp: boolean;
  onSignedIn: (s: SessionResponse) => void;
}) {
  const { t } = useTranslation('account');
  const form = useForm<Record<Field, string>>({ phone: '', code: '' }, rules);
  const [askTerms, setAskTerms] = useState(signUp);
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const phoneValid = () => {
    const ok = looksLikeMainlandMobile(form.values.phone);
    if (!ok) form.validate();
    return ok;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setTermsError(askTerms && !accepted);
    if (!form.validate() || (askTerms && !accepted)) return;
    setBusy(true);
    try {
      const phone = form.values.phone.trim();
      onSignedIn(await authApi.loginBySms({ phone, code: form.values.code.trim(), acceptedTerms: accepted }));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TERMS_NOT_ACCEPTED') {
        // A new number: the same code signs it up once the terms are accepted.
        setAskTerms(true);
        setNotice(err.body?.message ?? null);
      } else {
        form.showServerErrors(err, { INVALID_CODE: 'code' });
        setError(errorText(err, t, t('phone.failed')));
      }
      setBusy(false);
    }
  };

  const field = form.bind('phone');
  const code = form.bind('code');
  return (
    <Form noValidate onSubmit={submit} data-testid="phone-sign-in">
      {notice && <Alert variant="info">{notice}</Alert>}
      {error && <Alert variant="danger">{error}</Alert>}
      <Form.Group className="mb-3" controlId="phone-number">
        <Form.Label>{t('phone.number')} *</Form.Label>
        <InputGroup hasValidation>
          <InputGroup.Text>+86</InputGroup.Text>
          <Form.Control type="tel" inputMode="tel" autoComplete="tel-national" maxLength={20} {...field} />
          <Form.Control.Feedback type="invalid">{form.errors.phone}</Form.Control.Feedback>
        </InputGroup>
      </Form.Group>
      <Form.Group className="mb-3" controlId="phone-code">
        <Form.Label>{t('phone.code')} *</Form.Label>
        <InputGroup hasValidation>
          <Form.Control inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...code} />
          <CodeButton
            send={async () =>
              phoneValid()
                ? (await authApi.smsCode({ phone: form.values.phone.trim(), purpose: 'login' }))
                    .cooldownSeconds
                : null
            }
            onSent={() => setNotice(t('phone.sent'))}
            onError={setError}
          />
          <Form.Control.Feedback type="invalid">{form.errors.code}</Form.Control.Feedback>
        </InputGroup>
      </Form.Group>
      {askTerms && (
        <TermsCheck
          id="phone-terms"
          checked={accepted}
          invalid={termsError}
          onChange={(on) => (setAccepted(on), setTermsError(false))}
        />
      )}
      <SubmitButton
        busy={busy}
        label={t(signUp ? 'phone.signUp' : 'phone.signIn')}
        busyLabel={t('phone.signingIn')}
      />
    </Form>
  );
}
