import { PASSWORD_MIN_LENGTH, WebRoute } from '@think-tank/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { authApi } from '../api/auth-api';

const REDIRECT_MS = 3000;

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (form.password !== form.confirmPassword) return setError(t('validation:resetPasswordMismatch'));
    if (form.password.length < PASSWORD_MIN_LENGTH) return setError(t('validation:resetPasswordTooShort'));
    setBusy(true);
    try {
      const res = await authApi.resetPassword({ token: token!, email: email!, newPassword: form.password });
      setDone(res.message);
      timer.current = window.setTimeout(() => navigate(WebRoute.login, { replace: true }), REDIRECT_MS);
    } catch (err) {
      setError(errorText(err, t, t('reset.failed')));
      setBusy(false);
    }
  };

  if (!token || !email)
    return (
      <AuthCard title={t('reset.title')}>
        <Alert variant="danger">{t('reset.badLink')}</Alert>
        <div className="text-center small">
          <Link to={WebRoute.forgotPassword}>{t('reset.forgot')}</Link>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title={t('reset.title')}>
      {done ? (
        <Alert variant="success">
          {done}
          <div className="small mt-1">{t('reset.redirecting')}</div>
        </Alert>
      ) : (
        <Form noValidate onSubmit={submit}>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form.Group className="mb-3" controlId="reset-password">
            <Form.Label>{t('reset.password')} *</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="reset-confirm">
            <Form.Label>{t('reset.confirmPassword')} *</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(e) => setForm({ ...form, confirmPassword: e.target.value })}
            />
          </Form.Group>
          <SubmitButton busy={busy} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
        </Form>
      )}
      <div className="text-center mt-4 small">
        <Link to={WebRoute.login}>{t('reset.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
