import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * WeChat's browser blocks Alipay's pages (contract §12): instead of a redirect that would end on a blank warning,
 * the checkout shows how to open this page in the phone's browser, with an arrow at WeChat's "…" menu in the
 * top-right corner, and the page's address to copy.
 */
export function OpenInBrowserGuide() {
  const { t } = useTranslation('billing');
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(window.location.href).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <div className="tt-wechat-arrow" aria-hidden="true">
        ↗
      </div>
      <Alert variant="warning" className="mt-3" data-testid="open-in-browser">
        <div className="fw-bold mb-2">{t('checkout.openInBrowser.title')}</div>
        <ol className="mb-2 ps-3">
          <li>{t('checkout.openInBrowser.menu')}</li>
          <li>{t('checkout.openInBrowser.browser')}</li>
          <li>{t('checkout.openInBrowser.pay')}</li>
        </ol>
        <div className="small mb-2">{t('checkout.openInBrowser.orWechat')}</div>
        <Button size="sm" variant="outline-secondary" onClick={() => void copy()}>
          {t('checkout.openInBrowser.copy')}
        </Button>
        {copied !== null && (
          <span className="small ms-2" role="status">
            {t(copied ? 'checkout.openInBrowser.copied' : 'checkout.openInBrowser.copyFailed')}
          </span>
        )}
      </Alert>
    </>
  );
}
