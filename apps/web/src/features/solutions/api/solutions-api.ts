import type { SearchResponse } from '@think-tank/contracts';
import useSWR from 'swr';
import { prefetch } from '../../../lib/prefetch';
import { api } from '../../../lib/api-client';
import { solutionKeys, type LibrarySearch } from './solution-keys';

const fetchSearch = (path: string) => api<SearchResponse>(path, { anonymous: true });

/** One page of results; the previous page stays on screen while the next loads. */
export function useSolutionSearch(search: LibrarySearch) {
  return useSWR(solutionKeys.search(search), fetchSearch, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** The results a first visit opens on, asked for alongside the screen's code (fetchFirstScreen in app/screen.tsx). */
export const preloadSearch = (search: LibrarySearch, answer: Promise<SearchResponse>) =>
  prefetch(solutionKeys.search(search), () => answer);
