/** What other features may use of solutions; everything else stays inside. */
export { solutionKeys, type LibrarySearch } from './api/solution-keys';
export { useSolutionSearch } from './api/solutions-api';
export { SearchResults } from './components/SearchResults';
export { FavouritesList, HistoryList } from './components/LibraryLists';
