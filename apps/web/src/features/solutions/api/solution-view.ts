import type { PaywallBody } from '@think-tank/contracts';
import { useEffect, useState } from 'react';
import { ApiError, apiHtml } from '../../../lib/api-client';

export type SolutionView =
  | { state: 'loading' }
  | { state: 'document'; html: string }
  | { state: 'restricted'; paywall: PaywallBody }
  | { state: 'unauthorized' }
  | { state: 'error'; error: unknown };

/** Loads a solution document once per id; a 402/403 becomes the paywall (customer-area §4). */
export function useSolutionView(id: string): SolutionView {
  const [view, setView] = useState<SolutionView>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setView({ state: 'loading' });
    apiHtml(`/api/solutions/${encodeURIComponent(id)}/view`).then(
      (html) => current && setView({ state: 'document', html }),
      (error: unknown) => {
        if (!current) return;
        if (
          error instanceof ApiError &&
          (error.status === 402 || error.status === 403) &&
          error.body?.solutionId
        )
          setView({ state: 'restricted', paywall: error.body as unknown as PaywallBody });
        else if (error instanceof ApiError && error.status === 401) setView({ state: 'unauthorized' });
        else setView({ state: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);
  return view;
}
