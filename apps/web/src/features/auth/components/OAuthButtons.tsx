import { OAUTH_PROVIDERS, WebRoute } from '@think-tank/contracts';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useProviders } from '../api/auth-api';

/** Google and GitHub buttons, enabled only for the providers the server has switched on. */
export function OAuthButtons({ caption }: { caption: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { data } = useProviders();
  const anyOff = OAUTH_PROVIDERS.some((p) => !data?.[p]);
  return (
    <div className="mt-4">
      <div className="text-center text-secondary small mb-2">{caption}</div>
      <div className="d-grid gap-2">
        {OAUTH_PROVIDERS.map((p) => (
          <Button
            key={p}
            variant="outline-secondary"
            disabled={!data?.[p]}
            onClick={() => navigate(WebRoute.oauthLoading(p))}
          >
            {t(`login.${p}`)}
          </Button>
        ))}
      </div>
      {data && anyOff && (
        <div className="text-center text-secondary small mt-2">{t('login.providerOff')}</div>
      )}
    </div>
  );
}
