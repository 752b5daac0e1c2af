import { OAUTH_PROVIDERS, WebRoute } from '@think-tank/contracts';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { rememberDestination } from '../after-login';
import { useProviders } from '../api/auth-api';

/** WeChat first (contract §12), then Google and GitHub. */
const PROVIDERS = ['wechat', ...OAUTH_PROVIDERS] as const;

/** The third-party sign-in buttons, enabled only for the providers the server has switched on. */
export function OAuthButtons({ caption }: { caption: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useProviders();
  const anyOff = PROVIDERS.some((p) => !data?.[p]);
  return (
    <div className="mt-4">
      <div className="text-center text-secondary small mb-2">{caption}</div>
      <div className="d-grid gap-2">
        {PROVIDERS.map((p) => (
          <Button
            key={p}
            variant={p === 'wechat' ? 'outline-success' : 'outline-secondary'}
            disabled={!data?.[p]}
            onClick={() => {
              rememberDestination(location);
              navigate(WebRoute.oauthLoading(p));
            }}
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
