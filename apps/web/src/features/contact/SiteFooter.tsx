import { ICP_FILING_SITE, WebRoute } from '@think-tank/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSite } from './api/site-api';

/**
 * The home page's footer (customer-area §2): the WeChat contact image and the filing notice, each when configured;
 * the terms and the privacy policy.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { data: site } = useSite();
  const { email, phone, qrUrl } = site?.contact ?? { email: null, phone: null, qrUrl: null };
  return (
    <footer
      className="border-top bg-white py-4 mt-5 text-center small text-secondary"
      data-testid="site-footer"
    >
      {qrUrl && (
        <div className="mb-2">
          <img src={qrUrl} alt={t('contact.wechat')} width={96} height={96} />
        </div>
      )}
      <div>
        {t('footer.copyright', { year: new Date().getFullYear() })}
        {(email || phone || qrUrl) && (
          <>
            {' · '}
            <Link to={WebRoute.contact}>{t('contact.title')}</Link>
          </>
        )}
        {' · '}
        <Link to={WebRoute.terms}>{t('footer.terms')}</Link>
        {' · '}
        <Link to={WebRoute.privacy}>{t('footer.privacy')}</Link>
        {site?.icpFiling && (
          <>
            {' · '}
            <a href={ICP_FILING_SITE} target="_blank" rel="noopener noreferrer">
              {site.icpFiling}
            </a>
          </>
        )}
      </div>
    </footer>
  );
}
