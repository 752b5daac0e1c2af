import { SEARCH_PAGE_SIZE } from '@think-tank/contracts';
import { apiKey } from '../../../lib/api-key';

/** The search's SWR key, which is the path it reads: light enough for the first load (the feature's index.ts). */
export const solutionKeys = {
  search: (query: string, page: number) =>
    apiKey('/api/solutions/search', { query, page, pageSize: SEARCH_PAGE_SIZE }),
};
