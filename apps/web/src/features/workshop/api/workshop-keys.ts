import type { OverallStatus, Stage } from '@think-tank/contracts';

export const BASE = '/api/demand-store';

/** The workshop's SWR keys, which are the API paths read; light enough for the first load (the feature's index.ts). */
export const workshopKeys = {
  list: (stage?: Stage | null, status?: OverallStatus | null) => {
    const q = new URLSearchParams();
    if (stage) q.set('stage', stage);
    if (status) q.set('status', status);
    return `${BASE}${q.size ? `?${q}` : ''}`;
  },
  detail: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
};

/** A demand's stored events after id `after` (demand-workshop §4). */
export const demandEventsPath = (id: string, after: number) =>
  `${workshopKeys.detail(id)}/events?after=${after}`;
