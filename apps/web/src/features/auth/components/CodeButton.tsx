import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';

/**
 * "Get the code": `send` asks for a code (null: the form refused to ask) and answers the seconds before another may
 * be asked, which the button counts down; a refusal is told through `onError`.
 */
export function CodeButton({
  send,
  onSent,
  onError,
}: {
  send: () => Promise<number | null>;
  onSent: (message?: string) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('account');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const tick = window.setTimeout(() => setWait((s) => s - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [wait]);

  const ask = async () => {
    setBusy(true);
    try {
      const cooldown = await send();
      if (cooldown !== null) {
        setWait(cooldown);
        onSent();
      }
    } catch (err) {
      // Too soon for this number: the same wait as a sent code's.
      if (err instanceof ApiError && err.status === 429) setWait(60);
      onError(errorText(err, t, t('phone.sendFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outline-primary"
      className="text-nowrap"
      disabled={busy || wait > 0}
      onClick={() => void ask()}
      data-testid="code-button"
    >
      {wait > 0 ? t('phone.resendIn', { seconds: wait }) : t('phone.getCode')}
    </Button>
  );
}
