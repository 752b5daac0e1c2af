import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { errorText } from '../../../lib/error-text';
import { authApi, authKeys, useProviders } from '../api/auth-api';

/**
 * The account's WeChat (contract §12): linked through WeChat's own authorisation, which comes back here with
 * `?linked=wechat` or `?linkError=…`; unlinked after a confirmation, unless it is the only way in.
 */
export function WechatLink({ linked }: { linked: boolean }) {
  const { t } = useTranslation('account');
  const offered = useProviders().data?.wechat ?? false;
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The way back from WeChat says how the link went; the address is then cleaned, so a reload says nothing again.
  useEffect(() => {
    const done = params.get('linked') === 'wechat';
    const failed = params.get('linkError');
    if (!done && !failed) return;
    if (done) setNotice(t('wechatLink.done'));
    if (failed) setError(t(`wechatLink.${failed === 'IDENTITY_TAKEN' ? 'IDENTITY_TAKEN' : 'failed'}`));
    setParams({}, { replace: true });
  }, [params, setParams, t]);

  if (!offered && !linked) return null;

  const link = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign((await authApi.linkWechat()).redirectUrl);
    } catch (err) {
      setError(errorText(err, t, t('wechatLink.failed')));
      setBusy(false);
    }
  };
  const unlink = async () => {
    setBusy(true);
    setError(null);
    try {
      await authApi.unlinkWechat();
      await mutate(authKeys.me);
      setNotice(t('wechatLink.unlinked'));
    } catch (err) {
      setError(errorText(err, t, t('wechatLink.failed')));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section className="mt-4" aria-labelledby="wechat-link">
      <h2 id="wechat-link" className="h6">
        {t('wechatLink.title')}
      </h2>
      <p className="small mb-2" data-testid="wechat-linked">
        {linked ? t('wechatLink.linked') : <span className="text-secondary">{t('wechatLink.none')}</span>}
      </p>
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" dismissible onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {!linked ? (
        <Button variant="outline-success" size="sm" disabled={busy || !offered} onClick={link}>
          {busy ? t('wechatLink.linking') : t('wechatLink.link')}
        </Button>
      ) : confirming ? (
        <div role="group" aria-label={t('wechatLink.confirm')}>
          <p className="small mb-2">{t('wechatLink.confirm')}</p>
          <Button variant="danger" size="sm" className="me-2" disabled={busy} onClick={unlink}>
            {busy ? t('wechatLink.unlinking') : t('wechatLink.confirmYes')}
          </Button>
          <Button variant="link" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
            {t('wechatLink.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="outline-secondary" size="sm" onClick={() => (setConfirming(true), setNotice(null))}>
          {t('wechatLink.unlink')}
        </Button>
      )}
    </section>
  );
}
