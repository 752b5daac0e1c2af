import { WebRoute } from '@think-tank/contracts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchOrderStatus } from '../api/billing-api';

/** How often the page asks whether the code was paid, and how long the code lives (the order's 15 minutes). */
const POLL_MS = 3_000;
const CODE_LIFE_MS = 15 * 60_000;

/**
 * WeChat Pay Native (contract §11): the code the buyer scans with their phone, the amount it charges, and a poll
 * of the order that leads to the result page once it is paid or failed. In the sandbox the code is the test
 * cashier's address, which can also be opened here.
 */
export function WechatQrPanel({
  codeUrl,
  orderId,
  price,
  sandbox,
  onRestart,
}: {
  codeUrl: string;
  orderId: string;
  price: string;
  sandbox: boolean;
  onRestart: () => void;
}) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const [image, setImage] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(codeUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then(
      (url) => live && setImage(url),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [codeUrl]);

  useEffect(() => {
    const until = Date.now() + CODE_LIFE_MS;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = async () => {
      const order = await fetchOrderStatus(orderId).catch(() => null);
      if (stopped) return;
      if (order && order.status !== 'pending')
        return navigate(`${WebRoute.paymentReturn}?order_id=${encodeURIComponent(orderId)}`);
      if (Date.now() > until) return setExpired(true);
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, navigate]);

  if (expired)
    return (
      <Alert variant="warning">
        <p>{t('checkout.qrExpired')}</p>
        <Button size="sm" onClick={onRestart}>
          {t('checkout.qrRestart')}
        </Button>
      </Alert>
    );
  return (
    <div className="text-center" data-testid="wechat-qr">
      <p className="mb-2">{t('checkout.qrScan', { price })}</p>
      {image ? (
        <img src={image} width={240} height={240} alt={t('checkout.qrAlt')} className="border rounded" />
      ) : (
        <Spinner animation="border" role="status" />
      )}
      <p className="small text-secondary mt-2" role="status">
        {t('checkout.qrWaiting')}
      </p>
      {sandbox && (
        <a href={codeUrl} target="_blank" rel="noopener" className="small">
          {t('checkout.qrSandbox')}
        </a>
      )}
    </div>
  );
}
