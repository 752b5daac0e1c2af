import { requiredGrams } from './search-text';

/** One query term and the alternatives that also satisfy it (its Chinese translation). */
export type TermAlternatives = string[];

export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** The AND of terms, each the OR of its alternatives, over `solution_search s`. */
function conditions(
  terms: TermAlternatives[],
  alternative: (alt: string, param: (v: unknown) => string) => string,
): SqlCondition {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const sql = terms
    .map((alts) => `(${alts.map((alt) => alternative(alt, param)).join(' OR ')})`)
    .join(' AND ');
  return { sql: sql || 'TRUE', params };
}

/**
 * Candidates through the GIN index (grams); a term of 3+ characters is then rechecked on the inline text,
 * since its bigrams may all occur without the term itself.
 */
export function indexedConditions(terms: TermAlternatives[]): SqlCondition {
  return conditions(terms, (alt, param) => {
    const grams = `s.grams @> ${param(requiredGrams(alt))}::text[]`;
    return Array.from(alt).length <= 2 ? grams : `(${grams} AND strpos(s.text, ${param(alt)}) > 0)`;
  });
}

/** The inline text alone, for walking the recency index without reading any gram array. */
export function textConditions(terms: TermAlternatives[]): SqlCondition {
  return conditions(terms, (alt, param) => `strpos(s.text, ${param(alt)}) > 0`);
}
