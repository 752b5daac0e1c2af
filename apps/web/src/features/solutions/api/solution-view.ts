import type { PaywallBody, SolutionTeaser, ViewTicket } from '@think-tank/contracts';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../../lib/api-client';

export type SolutionView =
  | { state: 'loading' }
  | { state: 'document'; url: string }
  | { state: 'restricted'; paywall: PaywallBody }
  | { state: 'visitor'; teaser: SolutionTeaser }
  | { state: 'error'; error: unknown };

const path = (id: string) => `/api/solutions/${encodeURIComponent(id)}`;

/**
 * Opens a solution once per id: a single-use URL for the frame when the reader may read it (the frame then runs
 * the document under the document's own CSP), the paywall on 402/403 (customer-area §4), the teaser for a visitor
 * who is not signed in.
 */
export function useSolutionView(id: string): SolutionView {
  const [view, setView] = useState<SolutionView>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    const show = (next: SolutionView) => current && setView(next);
    setView({ state: 'loading' });
    api<ViewTicket>(`${path(id)}/view-ticket`, { method: 'POST' }).then(
      ({ url }) => show({ state: 'document', url }),
      (error: unknown) => {
        if (
          error instanceof ApiError &&
          (error.status === 402 || error.status === 403) &&
          error.body?.solutionId
        )
          return show({ state: 'restricted', paywall: error.body as unknown as PaywallBody });
        if (!(error instanceof ApiError && error.status === 401)) return show({ state: 'error', error });
        api<SolutionTeaser>(`${path(id)}/teaser`, { anonymous: true }).then(
          (teaser) => show({ state: 'visitor', teaser }),
          (teaserError: unknown) => show({ state: 'error', error: teaserError }),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [id]);
  return view;
}
