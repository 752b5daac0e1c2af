import { LinkButton } from '../../../components/LinkButton';
import { OAUTH_PROVIDERS, WebRoute } from '@think-tank/contracts';
import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorText } from '../../../lib/error-text';
import { authApi } from '../api/auth-api';

const PROVIDERS = ['wechat', ...OAUTH_PROVIDERS] as const;

/** Asks the server for the provider's address (WeChat's fits this browser: QR, or inside WeChat) and goes there. */
export default function OAuthLoadingPage() {
  const { t } = useTranslation('account');
  const { provider } = useParams();
  const known = PROVIDERS.find((p) => p === provider);
  const [error, setError] = useState<string | null>(known ? null : t('oauthLoading.failed'));

  useEffect(() => {
    if (!known) return;
    (known === 'wechat' ? authApi.wechatStart() : authApi.oauthStart(known)).then(
      ({ redirectUrl }) => window.location.assign(redirectUrl),
      (e: unknown) => setError(errorText(e, t, t('oauthLoading.failed'))),
    );
  }, [known, t]);

  if (!error)
    return (
      <PageSpinner
        label={t('oauthLoading.title', { provider: known ? t(`oauthLoading.names.${known}`) : '' })}
      />
    );
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
