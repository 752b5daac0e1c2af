import {
  EMAIL_CODE_LENGTH,
  registrationErrors,
  WebRoute,
  type ValidationMessageKey,
} from '@think-tank/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { useForgetCachedData } from '../../../lib/swr-cache';
import { authApi } from '../api/auth-api';
import { OAuthButtons } from '../components/OAuthButtons';

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
  const [form, setForm] = useState({
    username: '',
    email: state.emailFromLogin ?? '',
    password: '',
    confirmPassword: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<null | 'register' | 'verify' | 'resend'>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(state.notice ?? null);
  const [verified, setVerified] = useState(false);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [field]: e.target.value });

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
    const problems = registrationErrors(form);
    setFieldErrors(
      Object.fromEntries(
        Object.entries(problems).map(([f, key]) => [f, t(`validation:${key as ValidationMessageKey}`)]),
      ),
    );
    if (Object.keys(problems).length) return;
    setBusy('register');
    try {
      const res = await authApi.register({
        username: form.username.trim(),
        email: form.email.trim(),
        password: form.password,
      });
      setNotice(res.message);
      setStep(2);
    } catch (err) {
      const details = err instanceof ApiError ? err.body?.details : undefined;
      if (details?.length) setFieldErrors(Object.fromEntries(details.map((d) => [d.field, d.message])));
      else if (err instanceof ApiError && err.code === 'USERNAME_TAKEN')
        setFieldErrors({ username: err.body?.message });
      else if (err instanceof ApiError && err.code === 'EMAIL_TAKEN')
        setFieldErrors({ email: err.body?.message });
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
      const s = await authApi.verifyEmail({ email: form.email.trim(), code: code.trim() });
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
    if (!form.email.trim()) {
      setError(t('register.resendNoEmail'));
      return;
    }
    setBusy('resend');
    try {
      await authApi.resendVerification(form.email.trim());
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
    <Form.Group className="mb-3" controlId={`register-${name}`}>
      <Form.Label>{t(`register.${name}`)} *</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={set(name)}
        isInvalid={Boolean(fieldErrors[name])}
      />
      {hint && !fieldErrors[name] && <Form.Text muted>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid">{fieldErrors[name]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <AuthCard title={t('register.title')}>
      <div className="d-flex justify-content-center gap-3 small mb-3">
        <span className={step === 1 ? 'fw-bold text-primary' : 'text-secondary'}>{t('register.step1')}</span>
        <span className={step === 2 ? 'fw-bold text-primary' : 'text-secondary'}>{t('register.step2')}</span>
      </div>
      {error && <Alert variant="danger">{error}</Alert>}
      {step === 1 ? (
        <Form noValidate onSubmit={register}>
          {field('username', 'text', 'username')}
          {field('email', 'email', 'email')}
          {field('password', 'password', 'new-password', t('register.passwordHint'))}
          {field('confirmPassword', 'password', 'new-password')}
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
          <Alert variant="info">{notice ?? t('register.codeSent', { email: form.email })}</Alert>
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
