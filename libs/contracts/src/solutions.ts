/** Search and library shapes (contract §4, customer-area §3). */
import type { Industry } from './vip';
export const SEARCH_PAGE_SIZE = 5;
export const SEARCH_MAX_PAGE_SIZE = 50;
/** Counts stop here; beyond it the answer says `totalCountCapped: true` and the UI shows "1000+". */
export const SEARCH_COUNT_CAP = 1000;
export const SNIPPET_REQUIREMENTS_CHARS = 150;
export const SNIPPET_DETAILS_CHARS = 100;

export const SOLUTION_NAME_MAX = 200;
export const SOLUTION_TEXT_MAX = 20_000;
export const SOLUTION_HTML_MAX = 2_000_000;

export interface SolutionListItem {
  _id: string;
  projectName: string;
  projectRequirements: string;
  projectRequirementsDetails: string;
}

/**
 * Search's orders (`sort`): `newest` (the default, and a blank query's only order) or `relevance` (solutions naming
 * the terms first, then those whose requirements hold them, then the newest).
 */
export const SEARCH_SORTS = ['newest', 'relevance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchResponse {
  list: SolutionListItem[];
  totalCount: number;
  page: number;
  pageSize: number;
  totalCountCapped?: boolean;
  /** The order the list is in: `newest` for a blank query, and for one with more matches than are counted. */
  sort: SearchSort;
  /**
   * How the query was matched (contract §12): `terms`, each term as written; or `words`, when a Chinese term matched
   * nothing whole and was read as its words (`words`), the solutions holding the most of them first.
   */
  matchedBy: 'terms' | 'words';
  words?: string[];
}

export interface SolutionInput {
  projectName: string;
  projectRequirements: string;
  projectRequirementsDetails: string;
  html: string;
  /** The library industry it belongs to (LIBRARY_INDUSTRIES), by which search filters; none: found unfiltered only. */
  industry?: LibraryIndustry | null;
}

export interface AdminSolution extends SolutionListItem {
  html: string;
  /** Its library industry (LIBRARY_INDUSTRIES), null for none. */
  industry: LibraryIndustry | null;
  createdAt: string;
  updatedAt: string;
}

/** A solution the reader starred, with when (GET /api/users/me/favourites; newest first). */
export interface FavouriteSolution {
  solutionId: string;
  projectName: string;
  favouritedAt: string;
}

/** A solution the reader opened, with the last time (GET /api/users/me/history; newest first). */
export interface HistoryEntry {
  solutionId: string;
  projectName: string;
  viewedAt: string;
}

/** How many solutions one account may star: the list of their ids stays small enough to fetch whole. */
export const FAVOURITES_MAX = 500;

/** A solution the reader unlocked with a single view, live until `expiresAt` (GET /api/users/me/unlocked). */
export interface UnlockedSolution {
  solutionId: string;
  projectName: string;
  /** When the last of its live views ends (views bought again follow on). */
  expiresAt: string;
}

/** The library's industries: the keys search's `categories` takes (contract §11), as the VIP form names them. */
export const LIBRARY_INDUSTRIES = [
  'manufacturing',
  'retail',
  'finance',
  'healthcare',
  'energy',
  'logistics',
  'education',
  'agriculture',
  'government',
  'construction',
  'catering',
  'tourism',
] as const satisfies readonly Exclude<Industry, 'other'>[];
export type LibraryIndustry = (typeof LIBRARY_INDUSTRIES)[number];

/** A query visitors searched for and did not find (`none`), or found only by its words (`words`): support's list. */
export interface SearchMissItem {
  query: string;
  /** Searches over the period, and on how many days. */
  count: number;
  days: number;
  kind: 'none' | 'words';
  lastSeenAt: string;
}
