import { Injectable } from '@nestjs/common';
import {
  SEARCH_COUNT_CAP,
  type LibraryIndustry,
  type SearchResponse,
  type SearchSort,
} from '@think-tank/contracts';
import { hasLatin, queryTerms } from './search-text';
import { hasChinese, queryWords } from './search-words';
import { SearchMissesRecorder } from './search-misses.recorder';
import {
  indexedConditions,
  inIndustries,
  relevanceRank,
  textConditions,
  type TermAlternatives,
} from './solution-search.query';
import { SolutionsRepository } from './solutions.repository';
import { TranslationService } from './translation.service';

/** What search asks for besides the query (SearchQueryDto): its page, industries and order. */
export interface SearchOptions {
  page: number;
  pageSize: number;
  industries?: LibraryIndustry[];
  sort?: SearchSort;
}

/** How long a query known to have more than 1,000 matches skips counting them again, and how many are kept. */
const CAPPED_QUERY_TTL_MS = 10 * 60_000;
const CAPPED_QUERIES_KEPT = 2000;
/** How long a word's document frequency (its weight in the words path) is trusted, and how many are kept. */
const WORD_COUNT_TTL_MS = 60 * 60_000;
const WORD_COUNTS_KEPT = 10_000;

/** The library's search (contract §4 and §12): the terms as written, else a Chinese sentence read by its words. */
@Injectable()
export class SolutionSearchService {
  constructor(
    private readonly solutions: SolutionsRepository,
    private readonly translation: TranslationService,
    private readonly misses: SearchMissesRecorder,
  ) {}

  /**
   * Queries recently found to have more than 1,000 matches (per process): their count is "1000+" anyway, so they
   * go straight to the recency walk instead of building a bitmap of most of the library again.
   */
  private readonly cappedQueries = new Map<string, number>();
  /** Words' document frequencies, counted up to 1,001 (per process), and the library's size, with when they expire. */
  private readonly wordCounts = new Map<string, { n: number; until: number }>();
  private library = { size: 0, until: 0 };

  /**
   * Every term must occur in name, requirements or details (contract §4). One statement through the gram index
   * counts up to 1,001 matches and pages them: at most 1,000 give the exact count and the page; more mean a
   * common query, counted as "1000+" and paged by walking the recency index, which finds matches at once. So
   * `relevance` orders the counted matches; past the count, and for a blank query, the order is the newest.
   */
  async search(query: string | undefined, options: SearchOptions, client: string): Promise<SearchResponse> {
    const terms = await Promise.all(
      queryTerms(query).map(async (t) => {
        const zh = hasLatin(t) ? await this.translation.toChinese(t, client) : null;
        return zh && zh !== t ? [t, zh] : [t];
      }),
    );
    const industries = options.industries ?? [];
    const found = await this.byTerms(terms, options);
    // A Chinese term that no solution holds as written is read as its words (contract §12); a query whose terms each
    // occur somewhere, only not together, keeps §4's answer.
    const split =
      found.totalCount === 0
        ? await Promise.all(terms.map(async (t) => hasChinese(t[0]) && !(await this.solutions.anyHolds(t))))
        : [];
    const answer = split.some(Boolean)
      ? await this.byWords(terms, split, industries, options.page, options.pageSize)
      : found;
    if (query?.trim() && (answer.matchedBy === 'words' || answer.totalCount === 0))
      this.misses.record(query, answer.totalCount === 0 ? 'none' : 'words');
    return answer;
  }

  /** Every term as written: the gram index's count and page, or past 1,000 matches the recency walk (contract §4). */
  private async byTerms(
    terms: TermAlternatives[],
    { page, pageSize, industries = [], sort = 'newest' }: SearchOptions,
  ): Promise<SearchResponse> {
    const offset = (page - 1) * pageSize;
    const queryKey = JSON.stringify([terms, industries]);
    if ((this.cappedQueries.get(queryKey) ?? 0) > Date.now())
      return this.recencyPage(terms, industries, page, pageSize);
    const where = inIndustries(indexedConditions(terms), industries, terms.length ? 'grams' : 'column');
    const ranked = sort === 'relevance' && terms.length > 0;
    const rows = await this.solutions.matchesPage(
      where,
      ranked ? relevanceRank(terms, where.params.length + 1) : { sql: '0', params: [] },
      SEARCH_COUNT_CAP,
      pageSize,
      offset,
    );
    const total = rows[0]?.total ?? 0;
    if (total <= SEARCH_COUNT_CAP) {
      const list = rows.filter((r) => r._id !== null).map(({ total: _, ...item }) => item);
      return {
        list,
        totalCount: total,
        page,
        pageSize,
        sort: ranked ? 'relevance' : 'newest',
        matchedBy: 'terms',
      };
    }
    this.cappedQueries.delete(queryKey);
    this.cappedQueries.set(queryKey, Date.now() + CAPPED_QUERY_TTL_MS);
    if (this.cappedQueries.size > CAPPED_QUERIES_KEPT)
      this.cappedQueries.delete(this.cappedQueries.keys().next().value!);
    return this.recencyPage(terms, industries, page, pageSize);
  }

  /** A page of a query with more than 1,000 matches: walking the recency index finds them at once. */
  private async recencyPage(
    terms: TermAlternatives[],
    industries: LibraryIndustry[],
    page: number,
    pageSize: number,
  ): Promise<SearchResponse> {
    const list = await this.solutions.recencyPage(
      inIndustries(textConditions(terms), industries, 'column'),
      pageSize,
      (page - 1) * pageSize,
    );
    return {
      list,
      totalCount: SEARCH_COUNT_CAP,
      totalCountCapped: true,
      page,
      pageSize,
      sort: 'newest',
      matchedBy: 'terms',
    };
  }

  /**
   * The terms read as their words (`split` ones cut, the others whole; those the library knows; contract §12): the
   * solutions holding the most of them, rarer words weighing more and a word in the name twice; fewer than half is
   * not a match.
   */
  private async byWords(
    terms: TermAlternatives[],
    split: boolean[],
    industries: LibraryIndustry[],
    page: number,
    pageSize: number,
  ): Promise<SearchResponse> {
    const read = await this.knownParts(queryWords(terms, split));
    const readCounts = await Promise.all(read.map((w) => this.wordCount(w)));
    // A word no solution holds cannot tell solutions apart: the words are those the library knows.
    const known = read.map((_, i) => i).filter((i) => readCounts[i] > 0);
    const words = known.map((i) => read[i]);
    const counts = known.map((i) => readCounts[i]);
    const answer = (list: SearchResponse['list'], total: number): SearchResponse => ({
      list,
      totalCount: Math.min(total, SEARCH_COUNT_CAP),
      ...(total > SEARCH_COUNT_CAP && { totalCountCapped: true }),
      page,
      pageSize,
      sort: 'relevance',
      matchedBy: 'words',
      words: words.map((w) => w[0]),
    });
    if (!words.length) return answer([], 0);
    const minHeld = Math.ceil(words.length / 2);
    const size = await this.librarySize();
    // Inverse document frequency, smoothed: a word every solution holds still weighs a little.
    const weights = counts.map((n) => Math.round((Math.log((size + 1) / (n + 1)) + 1) * 1000) / 1000);
    const rows = await this.solutions.wordMatchesPage(
      words,
      weights,
      industries,
      minHeld,
      SEARCH_COUNT_CAP,
      pageSize,
      (page - 1) * pageSize,
    );
    const list = rows.filter((r) => r._id !== null).map(({ total: _, ...item }) => item);
    return answer(list, rows[0]?.total ?? 0);
  }

  /**
   * The words as the library knows them: a word of three characters or more that no solution holds is replaced by its
   * longest beginning or end that some solution does hold (光伏板 → 光伏), when one does.
   */
  private async knownParts(words: TermAlternatives[]): Promise<TermAlternatives[]> {
    const known: TermAlternatives[] = [];
    for (const word of words) {
      const chars = Array.from(word[0]);
      if (word.length > 1 || chars.length < 3 || !hasChinese(word[0]) || (await this.wordCount(word)) > 0) {
        known.push(word);
        continue;
      }
      let part: string | undefined;
      for (let n = chars.length - 1; n >= 2 && !part; n--)
        for (const candidate of [chars.slice(0, n).join(''), chars.slice(-n).join('')])
          if (!part && (await this.wordCount([candidate])) > 0) part = candidate;
      if (!known.some((w) => w[0] === (part ?? word[0]))) known.push(part ? [part] : word);
    }
    return known;
  }

  private async wordCount(word: TermAlternatives): Promise<number> {
    const key = word.join('\u0000');
    const kept = this.wordCounts.get(key);
    if (kept && kept.until > Date.now()) return kept.n;
    const n = await this.solutions.wordCount(word, []);
    this.wordCounts.delete(key);
    this.wordCounts.set(key, { n, until: Date.now() + WORD_COUNT_TTL_MS });
    if (this.wordCounts.size > WORD_COUNTS_KEPT) this.wordCounts.delete(this.wordCounts.keys().next().value!);
    return n;
  }

  private async librarySize(): Promise<number> {
    if (this.library.until > Date.now()) return this.library.size;
    this.library = { size: await this.solutions.librarySize(), until: Date.now() + WORD_COUNT_TTL_MS };
    return this.library.size;
  }
}
