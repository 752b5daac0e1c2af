import { SEARCH_PAGE_SIZE } from '@think-tank/contracts';

/** The search's SWR keys and path: light enough for the first load (the feature's index.ts). */
export const solutionKeys = {
  search: (query: string, page: number) => ['/api/solutions/search', query, page] as const,
};

export function searchPath(query: string, page: number): string {
  const params = new URLSearchParams({ query, page: String(page), pageSize: String(SEARCH_PAGE_SIZE) });
  return `/api/solutions/search?${params}`;
}
