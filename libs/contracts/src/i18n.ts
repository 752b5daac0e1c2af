/** The languages the product ships: Chinese first, English second. */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A text in every shipped language; a missing translation is a compile error. */
export type Localized = Record<Language, string>;

/** "starts with zh means Chinese"; anything else is English. */
export function languageOf(tag: string | null | undefined): Language {
  return tag && tag.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
