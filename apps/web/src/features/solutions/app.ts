import type { SearchResponse } from '@think-tank/contracts';
import { askAtOnce } from '../../lib/first-screen';
import { solutionKeys, type LibrarySearch } from './api/solution-keys';

/**
 * What the app's frame and router use of solutions: its screen and the data the search opens on. A face apart from
 * index.ts, which names what other features' screens use: everything the first load imports goes with it (docs/architecture.md#walls).
 */

/** The feature's screens for the router, each its own chunk, loaded when its route is first visited. */
export const solutionsPages = {
  solution: () => import('./pages/SolutionPage'),
};

/** The data the search opens on, for a first visit to ask for alongside its code. */
export const solutionsData = {
  search: (search: LibrarySearch) => {
    const answer = askAtOnce<SearchResponse>(solutionKeys.search(search), { anonymous: true });
    return import('./api/solutions-api').then((m) => m.preloadSearch(search, answer));
  },
};
