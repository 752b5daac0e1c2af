import type { OverallStatus, Stage } from '@think-tank/contracts';
import { apiKey } from '../../../lib/api-key';

export const BASE = '/api/demand-store';
/** Demands a page of the list holds (the API's page size). */
export const DEMAND_PAGE_SIZE = 50;

/** The workshop's SWR keys, which are the API paths read; light enough for the first load (the feature's index.ts). */
export const workshopKeys = {
  list: (stage?: Stage | null, status?: OverallStatus | null, page = 1, query = '') =>
    apiKey(BASE, { stage, status, query: query || undefined, page: page > 1 ? page : undefined }),
  detail: (id: string) => apiKey(`${BASE}/${encodeURIComponent(id)}`),
};

/** A demand's stored events after id `after` (demand-workshop §4). */
export const demandEventsPath = (id: string, after: number) =>
  apiKey(`${workshopKeys.detail(id)}/events`, { after });
