import { requiredGrams } from './search-text';

/** One query term and the alternatives that also satisfy it (its Chinese translation). */
export type TermAlternatives = string[];

export interface SqlCondition {
  sql: string;
  params: unknown[];
}

type Param = (v: unknown) => string;
type Alternative = (alt: string, param: Param) => string;
type Term = (alts: TermAlternatives, param: Param) => string;

/** One condition per term, sharing one parameter list. */
function termConditions(terms: TermAlternatives[], term: Term): { parts: string[]; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  return { parts: terms.map((alts) => term(alts, param)), params };
}

/** The OR of a term's alternatives, each condition as `alternative` writes it. */
const anyOf =
  (alternative: Alternative): Term =>
  (alts, param) =>
    `(${alts.map((alt) => alternative(alt, param)).join(' OR ')})`;

/** The AND of terms, each the OR of its alternatives, over `solution_search s`. */
function conditions(terms: TermAlternatives[], term: Term): SqlCondition {
  const { parts, params } = termConditions(terms, term);
  return { sql: parts.join(' AND ') || 'TRUE', params };
}

/**
 * Candidates through the GIN index (grams); a term of 3+ characters is then rechecked on the inline text,
 * since its bigrams may all occur without the term itself.
 */
const indexed: Alternative = (alt, param) => {
  const grams = `s.grams @> ${param(requiredGrams(alt))}::text[]`;
  return Array.from(alt).length <= 2 ? grams : `(${grams} AND strpos(s.text, ${param(alt)}) > 0)`;
};

/**
 * A term with alternatives (a Latin word and its translation) as the OR of their grams, for the index, AND the
 * OR of their texts, for the recheck. The same matches as the OR of each alternative's own condition (a text
 * holding a term holds its grams), but PostgreSQL then rechecks rows on the inline text alone: written as an OR
 * of (grams AND text) it re-reads every candidate's gram array (about 10 KB, out of line), which made a common
 * English term with a translation four times slower than a Chinese one.
 */
const indexedTerm: Term = (alts, param) =>
  alts.length === 1
    ? `(${indexed(alts[0], param)})`
    : `((${alts.map((a) => `s.grams @> ${param(requiredGrams(a))}::text[]`).join(' OR ')})` +
      ` AND (${alts.map((a) => `strpos(s.text, ${param(a)}) > 0`).join(' OR ')}))`;

/** A solution's industry as one more entry of its gram array, which no text's grams can be (`@retail`). */
export const industryToken = (industry: string) => `@${industry}`;

/**
 * The condition, restricted to solutions of these industries (search's `categories`); unchanged for none. `grams`:
 * for the gram index's statement with terms, the industry as one more entry of the array, which the index
 * intersects with the terms' grams (as a filter on the rows found, a rare term in one of 12 industries read every
 * match's row: p99 46 ms, then 32 ms; budget 25). `column`: for a blank query (the industry's own index) and the
 * recency walk (a column compared per row, no gram array read).
 */
export function inIndustries(
  condition: SqlCondition,
  industries: readonly string[],
  via: 'grams' | 'column',
): SqlCondition {
  if (!industries.length) return condition;
  const params = [...condition.params, via === 'grams' ? industries.map(industryToken) : industries];
  const test = via === 'grams' ? 's.grams &&' : 's.industry = ANY';
  return { sql: `(${condition.sql}) AND ${test}($${params.length}::text[])`, params };
}

export function indexedConditions(terms: TermAlternatives[]): SqlCondition {
  return conditions(terms, indexedTerm);
}

/**
 * The solutions matching any of the terms, the most terms first (then the newest), with which terms each
 * matched: rows `{ id, name, hits: boolean[] }`. Through the gram index, as every search.
 */
export function mostMatchingSql(terms: TermAlternatives[], limit: number): SqlCondition {
  const { parts, params } = termConditions(terms, indexedTerm);
  return {
    sql: `SELECT so.id, so."projectName" AS name, ARRAY[${parts.join(', ')}] AS hits
            FROM solution_search s JOIN solutions so ON so.id = s."solutionId"
           WHERE ${parts.join(' OR ')}
           ORDER BY ${parts.map((p) => `${p}::int`).join(' + ')} DESC, s."createdAt" DESC
           LIMIT ${Number(limit)}`,
    params,
  };
}

/**
 * For walking the recency index, without reading any gram array: the bits of the term's grams in the row's
 * signature (a few bit tests), and only where all are set, the inline text (a strpos() over kilobytes). A CASE,
 * so that PostgreSQL keeps that order and estimates the whole as one condition: as separate conditions it reorders
 * them and, taking each bit test for a rare one, plans a scan of the whole table instead of the walk.
 */
export function textConditions(terms: TermAlternatives[]): SqlCondition {
  return conditions(
    terms,
    anyOf((alt, param) => {
      const bits = requiredGrams(alt).map((gram) => `get_bit(s.signature, gram_bit(${param(gram)})) = 1`);
      return `CASE WHEN ${bits.join(' AND ')} THEN strpos(s.text, ${param(alt)}) > 0 ELSE false END`;
    }),
  );
}

/**
 * Settings for the one query that reads through the gram index. Left to itself the planner may scan rows and
 * read every gram array (about 10 KB each) for a common term, which takes hundreds of milliseconds; the GIN
 * bitmap answers the same question from the index. Run with SET LOCAL inside the query's own transaction.
 */
export const GRAM_INDEX_ONLY = 'SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off';

/**
 * How well a matching row fits the terms, for search's `relevance` order: per term (its best alternative), 2 when
 * the name holds it and 1 when the requirements do (the first two fields of the inline text), summed. `first` is
 * the number of its first parameter, after the condition's own. Computed on the counted matches only (at most
 * 1,001 rows, whose text the recheck mostly reads anyway).
 */
export function relevanceRank(terms: TermAlternatives[], first: number): SqlCondition {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${first + params.push(value) - 1}`;
  const field = (n: number, p: string) => `(strpos(split_part(s.text, E'\\n', ${n}), ${p}) > 0)::int`;
  const term = (alts: TermAlternatives) => {
    const fits = alts.map((alt) => {
      const p = param(alt);
      return `${field(1, p)} * 2 + ${field(2, p)}`;
    });
    return fits.length === 1 ? fits[0] : `GREATEST(${fits.join(', ')})`;
  };
  return { sql: terms.map(term).join(' + ') || '0', params };
}

/**
 * Up to 1,001 matches through the gram index, counted, and one page of them in the order of `rank` (SQL over
 * `solution_search s`, higher first; a constant for recency alone), then recency, with the `columns` of
 * `solutions so`, in one statement: rows `{ total, ...columns }`, a single row of nulls but the total when the page
 * is past the end. A total over 1,000 means the count is capped and the page must come from the recency walk instead.
 */
export function matchesPageSql(
  indexed: SqlCondition,
  rank: SqlCondition,
  columns: string,
  cap: number,
  pageSize: number,
  offset: number,
): SqlCondition {
  return {
    sql: `WITH m AS MATERIALIZED (
            SELECT s."solutionId" AS id, s."createdAt", ${rank.sql} AS rank
              FROM solution_search s WHERE ${indexed.sql} LIMIT ${cap + 1})
          SELECT t.total, ${columns} FROM (SELECT count(*)::int AS total FROM m) t
          LEFT JOIN LATERAL (SELECT id, "createdAt", rank FROM m
                              ORDER BY rank DESC, "createdAt" DESC, id DESC LIMIT ${pageSize} OFFSET ${offset}) p ON true
          LEFT JOIN solutions so ON so.id = p.id
          ORDER BY p.rank DESC, p."createdAt" DESC, p.id DESC`,
    params: [...indexed.params, ...rank.params],
  };
}

/** How many solutions a word's document frequency is counted up to: past it, a word is common, whatever its count. */
export const WORD_COUNT_CAP = 1000;
/** How many candidates the words path reads. */
export const WORD_CANDIDATES = 2000;
/** How many sets of words the words path asks the gram index for at most. */
export const WORD_SETS_MAX = 200;

/**
 * Every choice of `k` of the words, each word as one of its alternatives: a solution holding `k` of the words holds
 * one whole set. Null past WORD_SETS_MAX sets.
 */
export function wordSets(words: TermAlternatives[], k: number): string[][] | null {
  const sets: string[][] = [];
  const choose = (from: number, chosen: string[]): boolean => {
    if (chosen.length === k) return sets.push(chosen) <= WORD_SETS_MAX;
    for (let i = from; i <= words.length - (k - chosen.length); i++)
      for (const alt of words[i]) if (!choose(i + 1, [...chosen, alt])) return false;
    return true;
  };
  return choose(0, []) ? sets : null;
}

/** The sets of the most words, `minHeld` at most, of which every solution holding `minHeld` words holds one. */
export function candidateWordSets(words: TermAlternatives[], minHeld: number): string[][] {
  for (let k = minHeld; k > 1; k--) {
    const sets = wordSets(words, k);
    if (sets) return sets;
  }
  return words.flatMap((alts) => alts.map((alt) => [alt]));
}

/** How many solutions hold the word (any alternative), counted up to WORD_COUNT_CAP + 1, through the gram index. */
export function wordCountSql(word: TermAlternatives, industries: readonly string[]): SqlCondition {
  const where = inIndustries(indexedConditions([word]), industries, 'grams');
  return {
    sql: `SELECT count(*)::int AS n FROM (SELECT 1 FROM solution_search s WHERE ${where.sql} LIMIT ${WORD_COUNT_CAP + 1}) x`,
    params: where.params,
  };
}

/**
 * The words path of search (contract §12): the candidates are the solutions holding the grams of some `minHeld` of the
 * words together (one GIN containment per set of words, so the index finds exactly those, not every solution holding
 * one common word). Whether each word is in the text, and in its first line (the name), is read once per candidate, in
 * the scan that finds it; the score is, per word held, its weight (rarer, heavier) times 2 in the name or 1 elsewhere.
 * Those holding at least `minHeld` are counted up to `cap` + 1 and paged, most words first, then score, then the
 * newest: rows `{ total, ...columns }` as matchesPageSql's.
 */
export function wordMatchesPageSql(
  words: TermAlternatives[],
  weights: number[],
  industries: readonly string[],
  minHeld: number,
  columns: string,
  cap: number,
  pageSize: number,
  offset: number,
): SqlCondition {
  const gramSets = candidateWordSets(words, minHeld).map((set) => [...new Set(set.flatMap(requiredGrams))]);
  const anySet = gramSets.map((_, i) => `s.grams @> $${i + 1}::text[]`).join(' OR ');
  const candidates = inIndustries({ sql: `(${anySet})`, params: gramSets }, industries, 'grams');
  const params = [...candidates.params];
  const param = (value: unknown) => `$${params.push(value)}`;
  const within = (text: string, alts: string[]) =>
    `(${alts.map((a) => `strpos(${text}, ${param(a)}) > 0`).join(' OR ')})`;
  const flags = words.map(
    (alts, i) =>
      `${within('s.text', alts)} AS w${i}, ${within(`split_part(s.text, E'\\n', 1)`, alts)} AS n${i}`,
  );
  const held = words.map((_, i) => `w${i}::int`).join(' + ');
  const score = words.map((_, i) => `${Number(weights[i])} * (w${i}::int + n${i}::int)`).join(' + ');
  return {
    sql: `WITH c AS MATERIALIZED (
            SELECT s."solutionId" AS id, s."createdAt", ${flags.join(', ')} FROM solution_search s
             WHERE ${candidates.sql} LIMIT ${WORD_CANDIDATES}),
          f AS MATERIALIZED (
            SELECT id, "createdAt", ${held} AS held, ${score} AS score FROM c
             WHERE ${held} >= ${Number(minHeld)} LIMIT ${cap + 1})
          SELECT t.total, ${columns} FROM (SELECT count(*)::int AS total FROM f) t
          LEFT JOIN LATERAL (SELECT id, "createdAt", held, score FROM f
                              ORDER BY held DESC, score DESC, "createdAt" DESC, id DESC
                              LIMIT ${pageSize} OFFSET ${offset}) p ON true
          LEFT JOIN solutions so ON so.id = p.id
          ORDER BY p.held DESC, p.score DESC, p."createdAt" DESC, p.id DESC`,
    params,
  };
}
