import { EMAIL_PATTERN, WebRoute } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { useForm } from '../../../lib/use-form';
import { authApi } from '../api/auth-api';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const form = useForm({ email: '' }, ({ email }) => ({
    email: !email.trim() ? 'emailRequired' : EMAIL_PATTERN.test(email.trim()) ? undefined : 'emailInvalid',
  }));
  const [sent, setSent] = useState<string | null>(null);

  return (
    <AuthCard title={t('forgot.title')}>
      {sent ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <Form
          noValidate
          onSubmit={form.onSubmit(
            async ({ email }) => setSent((await authApi.forgotPassword({ email: email.trim() })).message),
            (err) => errorText(err, t, t('forgot.failed')),
          )}
        >
          <p className="text-secondary">{t('forgot.intro')}</p>
          {form.error && <Alert variant="danger">{form.error}</Alert>}
          <FormField
            form={form}
            name="email"
            id="forgot-email"
            label={t('forgot.email')}
            required
            type="email"
            autoComplete="email"
          />
          <SubmitButton
            busy={form.submitting}
            label={t('forgot.submit')}
            busyLabel={t('forgot.submitting')}
          />
        </Form>
      )}
      <div className="text-center mt-4 small">
        <Link to={WebRoute.login}>{t('forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
