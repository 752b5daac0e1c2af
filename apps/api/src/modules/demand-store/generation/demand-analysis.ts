import type { Language } from '@think-tank/contracts';
import { GLOSSARY } from '../../solutions';
import { GENERATOR_LEXICON, INDUSTRY_IDS, INDUSTRY_WORDS, type IndustryId } from './industries.data';
import { MODULE_CATALOGUE, type CatalogueModule } from './module-catalogue.data';

/** Words that say nothing about what a demand is about. */
const STOPWORDS = new Set([
  '需要',
  '实现',
  '进行',
  '通过',
  '目前',
  '我们',
  '公司',
  '企业',
  '一个',
  '以及',
  '能够',
  '可以',
  '希望',
  '问题',
  '提升',
  '提高',
  '降低',
  '前提',
  '情况',
  '相关',
  '方面',
  '使用',
  '没有',
  '已经',
  '同时',
  '目标',
  '系统',
  '平台',
  'the',
  'and',
  'for',
  'with',
  'that',
  'this',
  'are',
  'our',
  'we',
  'to',
  'of',
  'in',
  'a',
  'an',
  'is',
]);

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

/** The demand's most frequent meaningful words (two characters or more), most frequent first. */
export function keyPhrases(text: string, limit = 8): string[] {
  const counts = new Map<string, number>();
  for (const { segment, isWordLike } of segmenter.segment(normalise(text))) {
    if (!isWordLike || segment.length < 2 || STOPWORDS.has(segment) || /^\d+$/.test(segment)) continue;
    counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)
    .slice(0, limit)
    .map(([word]) => word);
}

const occurs = (text: string, term: string) =>
  /^[a-z0-9]+$/.test(term) ? new RegExp(`(^|[^a-z0-9])${term}([^a-z0-9]|$)`).test(text) : text.includes(term);

/**
 * The demand as the catalogue reads it: lower-cased, with every English word also in Chinese (the search glossary
 * and the generator's lexicon), so that an English demand meets the same Chinese-keyed catalogue.
 */
export function readable(text: string): { prepared: string; englishFor: Map<string, string> } {
  const lowered = normalise(text);
  // Each translation remembers the English word it came from, to quote it back to an English reader.
  const englishFor = new Map<string, string>();
  for (const word of lowered.match(/[a-z]+/g) ?? []) {
    const chinese = GENERATOR_LEXICON[word] ?? GLOSSARY.get(word);
    if (chinese && !englishFor.has(chinese)) englishFor.set(chinese, word);
  }
  return { prepared: [lowered, ...englishFor.keys()].join(' '), englishFor };
}

/** The demand's industries, strongest first: those scoring at least half the best (and at least one word). */
export function industriesOf(prepared: string): IndustryId[] {
  const scored = INDUSTRY_IDS.map((id) => ({
    id,
    score: INDUSTRY_WORDS[id].reduce(
      (sum, w) => sum + (occurs(prepared, w) ? (w.length >= 3 ? 1.5 : 1) : 0),
      0,
    ),
  })).filter((s) => s.score > 0);
  const best = Math.max(0, ...scored.map((s) => s.score));
  return scored
    .filter((s) => s.score >= best / 2)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.id);
}

/** Two-character windows of a Chinese text (the catalogue's names and intros are read this way). */
const bigrams = (text: string) =>
  [...text.matchAll(/[\u4e00-\u9fff]+/g)].flatMap(([run]) =>
    Array.from({ length: Math.max(0, run.length - 1) }, (_, i) => run.slice(i, i + 2)),
  );

interface ModuleTerms {
  module: CatalogueModule;
  /** Each term with its weight: a keyword 3, a bigram of the name 2, of the intro or a metric's name 1. */
  terms: Map<string, number>;
}

const MODULE_TERMS: ModuleTerms[] = MODULE_CATALOGUE.map((module) => {
  const terms = new Map<string, number>();
  const add = (term: string, weight: number) => terms.set(term, Math.max(terms.get(term) ?? 0, weight));
  for (const g of [...bigrams(module.intro), ...module.metrics.flatMap((x) => bigrams(x.name))]) add(g, 1);
  for (const g of bigrams(module.name)) add(g, 2);
  for (const k of module.keywords) add(k, 3);
  return { module, terms };
});

/** How rare each term is across the catalogue: a word every module has says little about which one fits. */
const IDF = (() => {
  const df = new Map<string, number>();
  for (const { terms } of MODULE_TERMS) for (const t of terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  return new Map([...df].map(([t, n]) => [t, Math.log(1 + MODULE_TERMS.length / n)]));
})();

/** Below this, a module's overlap with the demand is chance (about one rare keyword, or two words of its name). */
const MIN_SCORE = 8;
/** A module far behind the best match is noise even above MIN_SCORE. */
const MIN_SHARE_OF_BEST = 0.2;
/** What every business can use, offered when the demand names nothing more specific. */
const GENERAL_FALLBACK = ['data-platform', 'bi-dashboard'];

export interface RankedModule {
  module: CatalogueModule;
  score: number;
  /** The demand's words that made it relevant, most telling first (the output says "因为需求提到…"). */
  because: string[];
}

/**
 * The catalogue modules a demand is about, best first, at most `limit`: each module scores the rarity-weighted
 * overlap of its keywords, name and intro with the demand, and only modules of the demand's own industries count,
 * or cross-industry ones whose own keywords the demand uses. Nothing relevant: the general fallback.
 */
export function rankModules(text: string, limit = 5): RankedModule[] {
  const { prepared, englishFor } = readable(text);
  const industries = new Set<string>(industriesOf(prepared));
  const ranked = MODULE_TERMS.flatMap(({ module, terms }) => {
    const general = module.industries === 'general';
    if (!general && !(module.industries as string[]).some((i) => industries.has(i))) return [];
    const hits = [...terms].filter(([t]) => occurs(prepared, t));
    if (general && !hits.some(([t]) => terms.get(t) === 3)) return [];
    const weighted = hits.map(([t, w]) => ({ t, value: w * IDF.get(t)! }));
    const score = weighted.reduce((sum, h) => sum + h.value, 0);
    const because = weighted
      .sort((a, b) => b.value - a.value)
      .map((h) => h.t)
      .filter((t, i, all) => !all.some((o, j) => j < i && o.includes(t)))
      .slice(0, 3)
      .map((t) => englishFor.get(t) ?? t);
    // A cross-industry module must be asked for more plainly than one of the demand's own industry.
    return score >= (general ? 2 * MIN_SCORE : MIN_SCORE) ? [{ module, score, because }] : [];
  });
  const best = Math.max(0, ...ranked.map((r) => r.score));
  const chosen = ranked
    .filter((r) => r.score >= best * MIN_SHARE_OF_BEST)
    .sort(
      (a, b) => b.score - a.score || MODULE_CATALOGUE.indexOf(a.module) - MODULE_CATALOGUE.indexOf(b.module),
    )
    .slice(0, limit);
  if (chosen.length) return chosen;
  return MODULE_CATALOGUE.filter((m) => GENERAL_FALLBACK.includes(m.id)).map((module) => ({
    module,
    score: 0,
    because: [],
  }));
}

/** The language a text is written in: English when Latin letters outnumber Chinese characters, else Chinese. */
export function languageOfText(text: string): Language {
  const chinese = text.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  // A Chinese character carries about as much as a short word: weigh them so.
  return latin > chinese * 3 ? 'en' : 'zh';
}
