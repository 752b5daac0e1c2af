import { WebRoute } from '@think-tank/contracts';
import { useState, type FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { SubmitButton } from '../../../components/SubmitButton';
import { errorText } from '../../../lib/error-text';
import { authApi } from '../api/auth-api';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(t('validation:emailRequired'));
      return;
    }
    setBusy(true);
    try {
      setSent((await authApi.forgotPassword({ email: email.trim() })).message);
    } catch (err) {
      setError(errorText(err, t, t('forgot.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')}>
      {sent ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <Form noValidate onSubmit={submit}>
          <p className="text-secondary">{t('forgot.intro')}</p>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form.Group className="mb-3" controlId="forgot-email">
            <Form.Label>{t('forgot.email')} *</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </Form.Group>
          <SubmitButton busy={busy} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} />
        </Form>
      )}
      <div className="text-center mt-4 small">
        <Link to={WebRoute.login}>{t('forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
