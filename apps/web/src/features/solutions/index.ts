/** What other features may use of solutions; everything else stays inside. */
import type { SearchResponse } from '@think-tank/contracts';
import { askAtOnce } from '../../lib/first-screen';
import { solutionKeys, type LibrarySearch } from './api/solution-keys';

export { solutionKeys, type LibrarySearch } from './api/solution-keys';
export { useSolutionSearch } from './api/solutions-api';
export { SearchResults } from './components/SearchResults';
export { FavouritesList, HistoryList } from './components/LibraryLists';

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
