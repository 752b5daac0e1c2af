import { SEARCH_PAGE_SIZE, type SearchResponse } from '@think-tank/contracts';
import useSWR from 'swr';
import { prefetch } from '../../../lib/prefetch';
import { api } from '../../../lib/api-client';

export const solutionKeys = {
  search: (query: string, page: number) => ['/api/solutions/search', query, page] as const,
};

export function searchSolutions(query: string, page: number): Promise<SearchResponse> {
  const params = new URLSearchParams({ query, page: String(page), pageSize: String(SEARCH_PAGE_SIZE) });
  return api<SearchResponse>(`/api/solutions/search?${params}`, { anonymous: true });
}

const fetchSearch = ([, query, page]: ReturnType<typeof solutionKeys.search>) => searchSolutions(query, page);

/** One page of results; the previous page stays on screen while the next loads. */
export function useSolutionSearch(query: string, page: number) {
  return useSWR(solutionKeys.search(query, page), fetchSearch, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** The results a first visit opens on, asked for alongside the screen's code (fetchFirstScreen in app/screen.tsx). */
export const preloadSearch = (query: string, page: number) =>
  prefetch(solutionKeys.search(query, page), fetchSearch);
