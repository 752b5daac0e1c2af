import type { SearchResponse } from '@think-tank/contracts';
import useSWR from 'swr';
import { prefetch } from '../../../lib/prefetch';
import { api } from '../../../lib/api-client';
import { solutionKeys } from './solution-keys';

export function searchSolutions(query: string, page: number): Promise<SearchResponse> {
  return fetchSearch(solutionKeys.search(query, page));
}

const fetchSearch = (path: string) => api<SearchResponse>(path, { anonymous: true });

/** One page of results; the previous page stays on screen while the next loads. */
export function useSolutionSearch(query: string, page: number) {
  return useSWR(solutionKeys.search(query, page), fetchSearch, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** The results a first visit opens on, asked for alongside the screen's code (fetchFirstScreen in app/screen.tsx). */
export const preloadSearch = (query: string, page: number, answer: Promise<SearchResponse>) =>
  prefetch(solutionKeys.search(query, page), () => answer);
