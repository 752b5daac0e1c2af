import { SEARCH_PAGE_SIZE, type LibraryIndustry, type SearchSort } from '@think-tank/contracts';
import { apiKey } from '../../../lib/api-key';

/** What a library search asks for: its terms and page, one industry or all, and the order. */
export interface LibrarySearch {
  query: string;
  page: number;
  industry?: LibraryIndustry;
  sort: SearchSort;
}

/** The search's SWR key, which is the path it reads: light enough for the first load (the feature's index.ts). */
export const solutionKeys = {
  search: ({ query, page, industry, sort }: LibrarySearch) =>
    apiKey('/api/solutions/search', {
      query,
      categories: industry,
      // A blank query has one order (newest): its key stays one whatever the control says.
      sort: query.trim() ? sort : undefined,
      page,
      pageSize: SEARCH_PAGE_SIZE,
    }),
};
