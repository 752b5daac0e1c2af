import { PASSWORD_MIN_LENGTH, WebRoute } from '@think-tank/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { authApi } from '../api/auth-api';

const REDIRECT_MS = 3000;

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  const form = useForm({ password: '', confirmPassword: '' }, (v) => ({
    password: v.password.length < PASSWORD_MIN_LENGTH ? 'resetPasswordTooShort' : undefined,
    confirmPassword: v.confirmPassword !== v.password ? 'resetPasswordMismatch' : undefined,
  }));
  const [done, setDone] = useState<string | null>(null);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = form.onSubmit(
    async ({ password }) => {
      setDone((await authApi.resetPassword({ token: token!, email: email!, newPassword: password })).message);
      timer.current = window.setTimeout(() => navigate(WebRoute.login, { replace: true }), REDIRECT_MS);
    },
    (err) => errorText(err, t, t('reset.failed')),
  );

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
          {form.error && <Alert variant="danger">{form.error}</Alert>}
          <FormField
            form={form}
            name="password"
            id="reset-password"
            label={t('reset.password')}
            required
            type="password"
            autoComplete="new-password"
          />
          <FormField
            form={form}
            name="confirmPassword"
            id="reset-confirm"
            label={t('reset.confirmPassword')}
            required
            type="password"
            autoComplete="new-password"
          />
          <SubmitButton busy={form.submitting} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
        </Form>
      )}
      <div className="text-center mt-4 small">
        <Link to={WebRoute.login}>{t('reset.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
