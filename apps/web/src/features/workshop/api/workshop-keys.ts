import type { OverallStatus, Stage } from '@think-tank/contracts';

export const BASE = '/api/demand-store';
/** Demands a page of the list holds (the API's page size). */
export const DEMAND_PAGE_SIZE = 50;

/** The workshop's SWR keys, which are the API paths read; light enough for the first load (the feature's index.ts). */
export const workshopKeys = {
  list: (stage?: Stage | null, status?: OverallStatus | null, page = 1) => {
    const q = new URLSearchParams();
    if (stage) q.set('stage', stage);
    if (status) q.set('status', status);
    if (page > 1) q.set('page', String(page));
    return `${BASE}${q.size ? `?${q}` : ''}`;
  },
  detail: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
};

/** A demand's stored events after id `after` (demand-workshop §4). */
export const demandEventsPath = (id: string, after: number) =>
  `${workshopKeys.detail(id)}/events?after=${after}`;
