import { LinkButton } from '../../../components/LinkButton';
import { OAUTH_PROVIDERS, WebRoute, type OAuthProvider } from '@think-tank/contracts';
import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorText } from '../../../lib/error-text';
import { authApi } from '../api/auth-api';

const NAMES: Record<OAuthProvider, string> = { google: 'Google', github: 'GitHub' };

/** Asks the server for the provider's address and goes there. */
export default function OAuthLoadingPage() {
  const { t } = useTranslation('account');
  const { provider } = useParams();
  const known = OAUTH_PROVIDERS.find((p) => p === provider);
  const [error, setError] = useState<string | null>(known ? null : t('oauthLoading.failed'));

  useEffect(() => {
    if (!known) return;
    authApi.oauthStart(known).then(
      ({ redirectUrl }) => window.location.assign(redirectUrl),
      (e: unknown) => setError(errorText(e, t, t('oauthLoading.failed'))),
    );
  }, [known, t]);

  if (!error) return <PageSpinner label={t('oauthLoading.title', { provider: known ? NAMES[known] : '' })} />;
  return (
    <AuthCard title={t('oauthLoading.failed')}>
      <Alert variant="danger">{error}</Alert>
      <div className="d-grid">
        <LinkButton to={WebRoute.login} variant="outline-primary">
          {t('oauthLoading.back')}
        </LinkButton>
      </div>
    </AuthCard>
  );
}
