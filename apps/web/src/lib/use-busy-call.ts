import { useState } from 'react';

/** A button's call: busy while it runs (the button disabled, a spinner), and what went wrong in words after. */
export function useBusyCall(run: () => Promise<unknown>, failed: (err: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(failed(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, start };
}
