import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';

/**
 * One confirmed admin action at a time: asks first, runs it, and keeps what came of it to show
 * (demand: every action confirms and shows its result).
 */
export function useAction() {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (question: string, action: () => Promise<string>) => {
    if (!window.confirm(question)) return;
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await action() });
    } catch (err) {
      const text = errorText(err, t, t('failed'), { network: t('network') });
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, run, clear: () => setResult(null) };
}
