import { LIBRARY_INDUSTRIES, type LibraryIndustry } from '@think-tank/contracts';
import type { LibrarySearch } from '../solutions';

const isIndustry = (v: string | null): v is LibraryIndustry =>
  (LIBRARY_INDUSTRIES as readonly (string | null)[]).includes(v);

/**
 * The search the home screen shows, as its address holds it (?q=…&industry=…&sort=newest&page=…): relevance is the
 * order unless the address says newest; an unknown industry is none.
 */
export function searchOf(params: URLSearchParams): LibrarySearch {
  const industry = params.get('industry');
  return {
    query: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    industry: isIndustry(industry) ? industry : undefined,
    sort: params.get('sort') === 'newest' ? 'newest' : 'relevance',
  };
}

/** The address of a search, the defaults left out (page 1, every industry, relevance). */
export function addressOf({ query, page, industry, sort }: LibrarySearch): Record<string, string> {
  return {
    ...(query && { q: query }),
    ...(industry && { industry }),
    ...(sort === 'newest' && { sort }),
    ...(page > 1 && { page: String(page) }),
  };
}
