/** What other features may use of solutions; everything else stays inside. */
export { solutionKeys, useSolutionSearch } from './api/solutions-api';
export { SearchResults } from './components/SearchResults';

/** The feature's screens for the router, each its own chunk, loaded when its route is first visited. */
export const solutionsPages = {
  solution: () => import('./pages/SolutionPage'),
};

/** The data the search opens on, for a first visit to ask for alongside its code. */
export const solutionsData = {
  search: (query: string, page: number) =>
    import('./api/solutions-api').then((m) => m.preloadSearch(query, page)),
};
