/** What other features may use of solutions; everything else stays inside. */
import type { SearchResponse } from '@think-tank/contracts';
import { api } from '../../lib/api-client';
import { searchPath } from './api/solution-keys';

export { solutionKeys } from './api/solution-keys';
export { useSolutionSearch } from './api/solutions-api';
export { SearchResults } from './components/SearchResults';

/** The feature's screens for the router, each its own chunk, loaded when its route is first visited. */
export const solutionsPages = {
  solution: () => import('./pages/SolutionPage'),
};

/** The data the search opens on, for a first visit to ask for alongside its code. */
export const solutionsData = {
  search: (query: string, page: number) => {
    // Asked for at once, not after the module that caches it: on a slow network, one round trip sooner.
    const answer = api<SearchResponse>(searchPath(query, page), { anonymous: true });
    answer.catch(() => undefined); // a failure is the screen's to show, once its hook asks again
    return import('./api/solutions-api').then((m) => m.preloadSearch(query, page, answer));
  },
};
