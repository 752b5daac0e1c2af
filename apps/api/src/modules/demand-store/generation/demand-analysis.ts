import { GLOSSARY } from '../../solutions';
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

const occurs = (text: string, keyword: string) =>
  /^[a-z0-9]+$/.test(keyword)
    ? new RegExp(`(^|[^a-z0-9])${keyword}([^a-z0-9]|$)`).test(text)
    : text.includes(keyword);

/** Modules that fit every demand, suggested when nothing in the catalogue matches the text. */
const GENERAL_MODULES = ['data-platform', 'bi-dashboard', 'workflow-automation'];

/**
 * The catalogue modules the text is about, best first: a module scores one point per keyword the text
 * contains, and a keyword that is also one of the demand's key phrases counts double.
 */
export function matchModules(text: string, limit = 5): CatalogueModule[] {
  // English words also count through their Chinese translation (the search glossary), so an English demand
  // meets the same Chinese-keyed catalogue.
  const translated = (normalise(text).match(/[a-z]+/g) ?? []).map((w) => GLOSSARY.get(w)).filter(Boolean);
  const normalised = [normalise(text), ...translated].join(' ');
  const phrases = new Set(keyPhrases(text, 20));
  const scored = MODULE_CATALOGUE.map((module) => ({
    module,
    score: module.keywords.reduce(
      (sum, k) => sum + (occurs(normalised, k) ? (phrases.has(k) ? 2 : 1) : 0),
      0,
    ),
  })).filter((s) => s.score > 0);
  if (scored.length === 0)
    return MODULE_CATALOGUE.filter((m) => GENERAL_MODULES.includes(m.id)).slice(0, limit);
  return scored
    .sort(
      (a, b) => b.score - a.score || MODULE_CATALOGUE.indexOf(a.module) - MODULE_CATALOGUE.indexOf(b.module),
    )
    .slice(0, limit)
    .map((s) => s.module);
}
