import { OAUTH_PROVIDERS, WebRoute } from '@think-tank/contracts';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useProviders } from '../api/auth-api';

/** Google and GitHub buttons, shown only for the providers the server has switched on. */
export function OAuthButtons({ caption }: { caption: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useProviders();
  const enabled = OAUTH_PROVIDERS.filter((p) => data?.[p]);
  if (!enabled.length) return null;
  return (
    <div className="mt-4">
      <div className="text-center text-secondary small mb-2">{caption}</div>
      <div className="d-grid gap-2">
        {enabled.map((p) => (
          <Button key={p} variant="outline-secondary" onClick={() => navigate(WebRoute.oauthLoading(p))}>
            {t(`login.${p}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
