/** What other features may use of solutions; everything else stays inside. */
export { solutionKeys, useSolutionSearch } from './api/solutions-api';
export { SearchResults } from './components/SearchResults';
