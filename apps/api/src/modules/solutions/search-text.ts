/** How solutions and queries are cut into what the search index holds. Pure functions, unit-tested. */

/** Fields are joined by a newline: no term (terms hold no white space) and no gram can span two fields. */
export function searchText(fields: string[]): string {
  return fields.map((f) => f.toLowerCase()).join('\n');
}

const isSpace = (c: string) => /\s/u.test(c);

/** The distinct characters and pairs of adjacent characters of a text, white space excluded. */
export function gramsOf(text: string): string[] {
  const chars = Array.from(text);
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    if (isSpace(chars[i])) continue;
    grams.add(chars[i]);
    if (i + 1 < chars.length && !isSpace(chars[i + 1])) grams.add(chars[i] + chars[i + 1]);
  }
  return [...grams];
}

/** What the index must contain for a term to possibly occur: the term itself when short, else its bigrams. */
export function requiredGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length <= 2) return [term];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  return [...grams];
}

/** A query's terms: split on white space, lowered, duplicates dropped, at most 10. */
export function queryTerms(query: string | undefined): string[] {
  const terms = (query ?? '').toLowerCase().split(/\s+/u).filter(Boolean);
  return [...new Set(terms)].slice(0, 10);
}

export const hasLatin = (term: string) => /[a-z]/i.test(term);
