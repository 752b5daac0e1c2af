import { AppError } from '../../core/errors/app-error';
import { z } from 'zod';
import keywordsFile from './data/illegal-keywords.json';

/**
 * Demands about these cannot be processed (demand-workshop §5): weapons, drugs and military terms, in Chinese and
 * English (data/illegal-keywords.json, which support edits); matched case-insensitively after width normalisation.
 */
const ILLEGAL_KEYWORDS = z.array(z.string().trim().min(1)).min(1).parse(keywordsFile);

/** Full-width letters and digits become ASCII, and case no longer matters. */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * Latin keywords match whole words (so "begun" does not contain "gun"); Chinese ones, which have no spaces
 * between words, match anywhere.
 */
const MATCHERS = ILLEGAL_KEYWORDS.map((keyword) => {
  const k = normalise(keyword);
  return {
    keyword,
    test: /^[a-z0-9 ]+$/.test(k)
      ? (
          (re: RegExp) => (text: string) =>
            re.test(text)
        )(new RegExp(`(^|[^a-z0-9])${k}([^a-z0-9]|$)`))
      : (text: string) => text.includes(k),
  };
});

/** The listed keywords the texts contain, each once, in list order. */
export function illegalKeywordsIn(...texts: string[]): string[] {
  const text = normalise(texts.join('\n'));
  return MATCHERS.filter((m) => m.test(text)).map((m) => m.keyword);
}

/** Refuses a demand whose texts name anything of the illegal list (422 ILLEGAL_CONTENT, with the words found). */
export function refuseIllegal(...texts: string[]): void {
  const keywords = illegalKeywordsIn(...texts);
  if (keywords.length) throw new AppError('ILLEGAL_CONTENT', { keywords });
}
