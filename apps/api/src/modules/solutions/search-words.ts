import { z } from 'zod';
import dictionaryFile from './data/search-dictionary.json';
import functionWordsFile from './data/function-words.json';

/**
 * How a Chinese sentence typed into search is read as its words (contract §12 "Search reads plain Chinese"): cut by
 * ICU's word segmenter, segments joined again where they make a word of the dictionary (data/search-dictionary.json:
 * 质|检, 门|店, 缺|货 are one word each), the function words of data/function-words.json dropped, and other lone
 * characters joined in pairs; a single character counts as a word only where the sentence has no other.
 */

/** Function words by kind (particles, questions, …): words any sentence has, which say nothing of its subject. */
const FUNCTION_WORDS = new Set(
  Object.values(
    z.record(z.string(), z.array(z.string().trim().min(1)).min(1)).parse(functionWordsFile),
  ).flat(),
);
const DICTIONARY = new Set(
  z
    .object({ about: z.string(), words: z.array(z.string().regex(/^\p{Script=Han}{2,6}$/u)).min(100) })
    .strict()
    .parse(dictionaryFile).words,
);
const LONGEST = 6;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const CJK = /\p{Script=Han}/u;
/** A query is read as at most this many words (the statement's cost grows with them). */
export const MAX_WORDS = 8;

export const hasChinese = (term: string) => CJK.test(term);
export const isFunctionWord = (word: string) => FUNCTION_WORDS.has(word);
const length = (text: string) => Array.from(text).length;

/** The segments of a term, joined where the longest run of them makes a dictionary word. */
function dictionarySegments(term: string): { text: string; isWord: boolean }[] {
  const segments = [...segmenter.segment(term)].map((s) => ({ text: s.segment, isWord: !!s.isWordLike }));
  const joined: { text: string; isWord: boolean }[] = [];
  for (let i = 0; i < segments.length;) {
    let taken = 1;
    for (let j = segments.length; j > i + 1; j--) {
      const run = segments.slice(i, j);
      const text = run.map((s) => s.text).join('');
      if (run.every((s) => s.isWord) && length(text) <= LONGEST && DICTIONARY.has(text)) {
        joined.push({ text, isWord: true });
        taken = j - i;
        break;
      }
    }
    if (taken === 1) joined.push(segments[i]);
    i += taken;
  }
  return joined;
}

/** A Chinese term's words, in order: dictionary words whole, function words out, lone characters joined in pairs. */
export function chineseWords(term: string): string[] {
  const words: string[] = [];
  let lone = '';
  const flush = () => {
    if (lone && !isFunctionWord(lone)) words.push(lone);
    lone = '';
  };
  for (const { text, isWord } of dictionarySegments(term)) {
    if (!isWord || isFunctionWord(text)) {
      flush();
      continue;
    }
    if (length(text) > 1 || !CJK.test(text)) {
      flush();
      words.push(text);
      continue;
    }
    lone += text;
    if (length(lone) === 2) flush();
  }
  flush();
  const whole = words.filter((w) => length(w) > 1);
  return whole.length ? whole : words;
}

/**
 * A query's words: the words of each Chinese term to be read so (`split`: no solution holds it whole), and each other
 * term as it is (a Latin term keeps its glossary translation, its alternatives); repeats dropped, at most MAX_WORDS.
 */
export function queryWords(terms: string[][], split: boolean[]): string[][] {
  const seen = new Set<string>();
  const words: string[][] = [];
  for (const [i, alternatives] of terms.entries()) {
    const parts = split[i] ? chineseWords(alternatives[0]).map((w) => [w]) : [alternatives];
    for (const word of parts)
      if (!seen.has(word[0])) {
        seen.add(word[0]);
        words.push(word);
      }
  }
  return words.slice(0, MAX_WORDS);
}
