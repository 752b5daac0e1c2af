import { EMAIL_CODE_LENGTH, registrationErrors, WebRoute, type SessionResponse } from '@think-tank/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { useForgetCachedData } from '../../../lib/swr-cache';
import { useForm } from '../../../lib/use-form';
import { authApi, useProviders } from '../api/auth-api';
import { OAuthButtons } from '../components/OAuthButtons';
import { PhoneSignIn } from '../components/PhoneSignIn';
import { TermsCheck } from '../components/TermsCheck';
import { TabStrip } from '../../../components/TabStrip';
import { currentLanguage } from '../../../lib/i18n';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';
const AFTER_VERIFY_MS = 1500;

/** Registration in two steps: create the account, then verify the e-mail code (customer-area §2, §4). */
export default function RegisterPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const forgetCachedData = useForgetCachedData();
  const state = (useLocation().state ?? {}) as {
    initialStep?: number;
    emailFromLogin?: string;
    notice?: string;
  };
  const [step, setStep] = useState<1 | 2>(state.initialStep === 2 && state.emailFromLogin ? 2 : 1);
  const form = useForm<Record<Field, string>>(
    { username: '', email: state.emailFromLogin ?? '', password: '', confirmPassword: '' },
    registrationErrors,
  );
  const email = form.values.email.trim();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<null | 'register' | 'verify' | 'resend'>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(state.notice ?? null);
  const [verified, setVerified] = useState(false);
  // The terms' box (contract §11): unticked, nothing is sent; its error shows under it once submitted.
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const timer = useRef<number>(undefined);
  // Chinese readers sign up by their number first (contract §12), where the server can text codes.
  const smsOn = useProviders().data?.sms ?? false;
  const ways = currentLanguage() === 'zh' ? (['phone', 'email'] as const) : (['email', 'phone'] as const);
  const [way, setWay] = useState<'phone' | 'email'>(ways[0]);
  const signedUp = (s: SessionResponse) => {
    session.save(s);
    forgetCachedData();
    navigate(WebRoute.profile, { replace: true });
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** Registration errors of the catalogue (customer-area §8). */
  const registerErrorText = (err: unknown): string => {
    if (!(err instanceof ApiError)) return t('register.requestSetup');
    if (err.status === 0) return t('register.network');
    return (
      err.body?.message ?? (err.status ? t('errors.status', { status: err.status }) : t('register.failed'))
    );
  };

  const register = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setTermsError(!accepted);
    if (!form.validate() || !accepted) return;
    setBusy('register');
    try {
      const res = await authApi.register({
        username: form.values.username.trim(),
        email,
        password: form.values.password,
        acceptedTerms: true,
      });
      setNotice(res.message);
      setStep(2);
    } catch (err) {
      form.showServerErrors(err, { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' });
      setError(registerErrorText(err));
    } finally {
      setBusy(null);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (code.trim().length !== EMAIL_CODE_LENGTH) {
      setError(t('validation:codeLength'));
      return;
    }
    setBusy('verify');
    try {
      const s = await authApi.verifyEmail({ email, code: code.trim() });
      session.save(s);
      forgetCachedData();
      setVerified(true);
      timer.current = window.setTimeout(() => navigate(WebRoute.profile, { replace: true }), AFTER_VERIFY_MS);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0
          ? (err.body?.message ?? t('register.verifyFailed'))
          : registerErrorText(err),
      );
      setBusy(null);
    }
  };

  const resend = async () => {
    setError(null);
    setNotice(null);
    if (!email) {
      setError(t('register.resendNoEmail'));
      return;
    }
    setBusy('resend');
    try {
      await authApi.resendVerification(email);
      setNotice(t('register.resent'));
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.body?.message ?? t('register.resendFailed'))
          : t('register.resendFailed'),
      );
    } finally {
      setBusy(null);
    }
  };

  const field = (name: Field, type: string, autoComplete: string, hint?: string) => (
    <FormField
      form={form}
      name={name}
      id={`register-${name}`}
      label={t(`register.${name}`)}
      required
      type={type}
      autoComplete={autoComplete}
      hint={hint}
    />
  );

  return (
    <AuthCard title={t('register.title')}>
      <div className="d-flex justify-content-center gap-3 small mb-3">
        <span className={step === 1 ? 'fw-bold text-primary' : 'text-secondary'}>{t('register.step1')}</span>
        <span className={step === 2 ? 'fw-bold text-primary' : 'text-secondary'}>{t('register.step2')}</span>
      </div>
      {error && <Alert variant="danger">{error}</Alert>}
      {step === 1 && smsOn && (
        <TabStrip
          tabs={ways}
          active={way}
          label={(k) => t(k === 'phone' ? 'phone.registerTab' : 'phone.emailTab')}
          onSelect={setWay}
        />
      )}
      {step === 1 && smsOn && way === 'phone' ? (
        <>
          <p className="small text-secondary">{t('phone.hint')}</p>
          <PhoneSignIn signUp onSignedIn={signedUp} />
        </>
      ) : step === 1 ? (
        <Form noValidate onSubmit={register}>
          {field('username', 'text', 'username')}
          {field('email', 'email', 'email')}
          {field('password', 'password', 'new-password', t('register.passwordHint'))}
          {field('confirmPassword', 'password', 'new-password')}
          <TermsCheck
            id="register-terms"
            checked={accepted}
            invalid={termsError}
            onChange={(on) => (setAccepted(on), setTermsError(false))}
          />
          <SubmitButton
            busy={busy === 'register'}
            disabled={busy !== null}
            label={t('register.submit')}
            busyLabel={t('register.submitting')}
          />
          <OAuthButtons caption={t('register.or')} />
        </Form>
      ) : verified ? (
        <Alert variant="success">{t('register.verified')}</Alert>
      ) : (
        <Form noValidate onSubmit={verify}>
          <Alert variant="info">{notice ?? t('register.codeSent', { email: form.values.email })}</Alert>
          <Form.Group className="mb-3" controlId="register-code">
            <Form.Label>{t('register.code')}</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={EMAIL_CODE_LENGTH}
              value={code}
              onChange={(e) => setCode(e.target.value.slice(0, EMAIL_CODE_LENGTH))}
              className="text-center fs-4"
              style={{ letterSpacing: '0.5em' }}
            />
          </Form.Group>
          <div className="d-grid gap-2">
            <Button type="submit" disabled={busy !== null}>
              {busy === 'verify' && <Spinner animation="border" size="sm" className="me-2" />}
              {busy === 'verify' ? t('register.verifying') : t('register.verify')}
            </Button>
            <Button variant="outline-secondary" onClick={resend} disabled={busy !== null}>
              {busy === 'resend' ? t('register.resending') : t('register.resend')}
            </Button>
            <Button variant="link" onClick={() => (setStep(1), setError(null))} disabled={busy !== null}>
              {t('register.back')}
            </Button>
          </div>
        </Form>
      )}
      <div className="d-flex justify-content-between mt-4 small">
        <span>
          {t('register.haveAccount')} <Link to={WebRoute.login}>{t('register.login')}</Link>
        </span>
        <Link to={WebRoute.home}>{t('register.home')}</Link>
      </div>
    </AuthCard>
  );
}
