/** How solutions and queries are cut into what the search index holds. Pure functions, unit-tested. */

/** Fields are joined by a newline: no term (terms hold no white space) and no gram can span two fields. */
export function searchText(fields: string[]): string {
  return fields.map((f) => f.toLowerCase()).join('\n');
}

const isSpace = (c: string) => /\s/u.test(c);
const isLatin = (c: string) => /[a-z0-9]/.test(c);

/**
 * Whether three characters from position i form a Latin trigram. Latin text has few distinct letters, so its
 * bigrams each occur in most documents; trigrams of letters and digits narrow a Latin term down as bigrams
 * narrow a Chinese one. Chinese trigrams are not stored: there are too many of them, and bigrams suffice.
 */
const latinTrigramAt = (chars: string[], i: number) =>
  i + 2 < chars.length && isLatin(chars[i]) && isLatin(chars[i + 1]) && isLatin(chars[i + 2]);

/** The distinct characters, pairs of adjacent characters and Latin trigrams of a text, white space excluded. */
export function gramsOf(text: string): string[] {
  const chars = Array.from(text);
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    if (isSpace(chars[i])) continue;
    grams.add(chars[i]);
    if (i + 1 < chars.length && !isSpace(chars[i + 1])) grams.add(chars[i] + chars[i + 1]);
    if (latinTrigramAt(chars, i)) grams.add(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return [...grams];
}

/**
 * What the index must contain for a term to possibly occur: the term itself when short, else its Latin
 * trigrams and the bigrams no trigram covers.
 */
export function requiredGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length <= 2) return [term];
  const grams = new Set<string>();
  const covered = new Set<number>();
  for (let i = 0; i + 2 < chars.length; i++)
    if (latinTrigramAt(chars, i)) {
      grams.add(chars[i] + chars[i + 1] + chars[i + 2]);
      covered.add(i).add(i + 1);
    }
  for (let i = 0; i + 1 < chars.length; i++) if (!covered.has(i)) grams.add(chars[i] + chars[i + 1]);
  return [...grams];
}

/** A query's terms: split on white space, lowered, duplicates dropped, at most 10. */
export function queryTerms(query: string | undefined): string[] {
  const terms = (query ?? '').toLowerCase().split(/\s+/u).filter(Boolean);
  return [...new Set(terms)].slice(0, 10);
}

export const hasLatin = (term: string) => /[a-z]/i.test(term);
