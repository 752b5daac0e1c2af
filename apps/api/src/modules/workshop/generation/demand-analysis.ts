import {
  INDUSTRY_IDS,
  INDUSTRY_WORDS,
  INDUSTRY_WORDS_EN,
  MODULE_CATALOGUE,
  MODULE_CATALOGUE_EN,
  MODULE_KEYWORDS_EN,
  type CatalogueModule,
  type IndustryId,
} from './generator-data';
import { leaveOutExclusions, normalise, occurs, prepare, segmenter, wordBoundaries } from './demand-text';
import { industriesByExample } from './industry-examples';

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
  '减少',
  '前提',
  '情况',
  '相关',
  '方面',
  '使用',
  '没有',
  '已经',
  '同时',
  '目标',
  '时间',
  '智能',
  '人工',
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

/** What a second industry must score (a word of three characters or more, or two words). */
const MIN_OTHER_INDUSTRY = 1.5;

/** The demand's industries, strongest first: those scoring at least half the best (and at least one word). */
export function industriesOf(prepared: string, cuts = wordBoundaries(prepared)): IndustryId[] {
  const scored = INDUSTRY_IDS.map((id) => ({
    id,
    score: [...INDUSTRY_WORDS[id], ...INDUSTRY_WORDS_EN[id]].reduce(
      (sum, w) => sum + (occurs(prepared, w, cuts) ? (w.length >= 3 ? 1.5 : 1) : 0),
      0,
    ),
  })).filter((s) => s.score > 0);
  const best = Math.max(0, ...scored.map((s) => s.score));
  // Another industry needs more than one passing word: 不良率 in a bank's demand is not a factory's.
  return scored
    .filter((s) => s.score === best || s.score >= Math.max(best / 2, MIN_OTHER_INDUSTRY))
    .sort((a, b) => b.score - a.score)
    .map((s) => s.id);
}

/**
 * The Chinese words of a catalogue text (names, intros, metrics), as the segmenter cuts them: two-character windows
 * also made words of what straddles two (率提 of 率提升, 识库 of 知识库), which matched demands by chance.
 */
const chineseWords = (text: string) =>
  [...segmenter.segment(text)]
    .filter(
      ({ segment, isWordLike }) => isWordLike && segment.length >= 2 && /^[\u4e00-\u9fff]+$/.test(segment),
    )
    .map(({ segment }) => segment)
    .filter((w) => !STOPWORDS.has(w));

/** English words too common to tell modules apart (the Chinese side has STOPWORDS and the segmenter). */
const STOPWORDS_EN = new Set(
  (
    'with from that this into each every their them they than more less when where which what while about ' +
    'across before after over under between within without through only also based such same other time rate ' +
    'days reduction lift share improvement company companies business'
  ).split(' '),
);

/** The English words of a catalogue text (four letters or more), as the Chinese ones above. */
const englishWords = (text: string) =>
  (
    normalise(text)
      .replace(/-/g, ' ')
      .match(/[a-z]{4,}/g) ?? []
  ).filter((w) => !STOPWORDS_EN.has(w));

/**
 * Keywords that a demand uses to describe its business whatever it asks for (its customers, sales, costs, staff, a
 * hospital's doctors): they count as words of a module's intro, supporting a module another keyword asks for but
 * never asking for it alone ("家电客户" and "销售额" in a paint line's demand do not ask for a CRM, "hotel" in a
 * hotel's demand about check-in does not ask for revenue management).
 */
const EVERYDAY = new Set([
  ...['客户', '销售', '员工', '成本', '财务', '价格', '生产', '车间', '工序'],
  ...['医院', '医生', '电力', '电网', '景区', '预订', '合规', '车辆', '配送', '温湿度'],
  // English: the places a business works in (a hotel's check-in, a warehouse's deliveries).
  ...['hospital', 'hotel', 'warehouse', 'greenhouse', 'substation'],
]);

interface ModuleTerms {
  module: CatalogueModule;
  /**
   * Each term with its weight: a keyword 3 (an EVERYDAY one 1), a word of the name 2, of the intro or a metric's name
   * 1, in either language.
   */
  terms: Map<string, number>;
  /** Its keywords, in either language, EVERYDAY ones too. */
  keywords: Set<string>;
}

const MODULE_TERMS: ModuleTerms[] = MODULE_CATALOGUE.map((module) => {
  const terms = new Map<string, number>();
  const add = (term: string, weight: number) => terms.set(term, Math.max(terms.get(term) ?? 0, weight));
  const en = MODULE_CATALOGUE_EN[module.id];
  for (const g of [module.intro, ...module.metrics.map((x) => x.name)].flatMap(chineseWords)) add(g, 1);
  for (const g of [en.intro, ...en.metrics].flatMap(englishWords)) add(g, 1);
  for (const g of [...chineseWords(module.name), ...englishWords(module.nameEn)]) add(g, 2);
  const keywords = new Set([...module.keywords, ...(MODULE_KEYWORDS_EN[module.id] ?? [])]);
  for (const k of keywords) add(k, EVERYDAY.has(k) ? 1 : 3);
  return { module, terms, keywords };
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
export interface RankedModule {
  module: CatalogueModule;
  score: number;
  /** The demand's words that made it relevant, most telling first (the output says "因为需求提到…"). */
  because: string[];
}

/** What a demand is about in the catalogue's terms. */
export interface ModuleMatch {
  /** The modules, best first. */
  modules: RankedModule[];
  /** The demand's industries, strongest first (none for what any business might ask). */
  industries: IndustryId[];
  /** No module of the demand's own industries matched (for a demand of no industry: no module at all). */
  missed: boolean;
}

/**
 * The catalogue modules a demand is about, best first, at most `limit`: each module scores the rarity-weighted
 * overlap of its keywords (Chinese and English), name and intro with the demand, and only modules of the demand's
 * own industries count, or cross-industry ones whose own keywords the demand uses. Nothing relevant is nothing:
 * the output then says so (`missed`) rather than filling the list with near misses.
 */
export function matchModules(text: string, limit = 5): ModuleMatch {
  const prepared = prepare(text);
  const cuts = wordBoundaries(prepared);
  // The industries are the demand's whatever it leaves out ("我们医院的HIS已经有了" is still a hospital's).
  const named = industriesOf(prepared, cuts);
  if (named.length) return matchIn(named, prepared, cuts, limit);
  // Named none: the industry of the demands most like it, when it has a module the demand asks for; else the demand is
  // what any business might ask. Held out, English own-field recall 0.776 -> 0.828 for no precision.
  const anyBusiness = matchIn([], prepared, cuts, limit);
  const byExample = industriesByExample(text);
  const inExample = byExample.length ? matchIn(byExample, prepared, cuts, limit) : undefined;
  return inExample && !inExample.missed ? inExample : anyBusiness;
}

/** The catalogue modules a prepared demand asks for among those of these industries and the cross-industry ones. */
function matchIn(ofDemand: IndustryId[], prepared: string, cuts: Set<number>, limit: number): ModuleMatch {
  const industries = new Set<string>(ofDemand);
  // Blanked clauses end at punctuation, where the segmenter cuts too: the demand's cuts hold for what is left.
  const asked = leaveOutExclusions(prepared);
  const ranked = MODULE_TERMS.flatMap(({ module, terms, keywords }) => {
    const general = module.industries === 'general';
    if (!general && !(module.industries as string[]).some((i) => industries.has(i))) return [];
    const hits = [...terms].filter(([t]) => occurs(asked, t, cuts));
    // A module is asked for by one of its keywords at least: words of its name or intro alone are chance.
    if (!hits.some(([t]) => terms.get(t) === 3)) return [];
    const weighted = hits.map(([t, w]) => ({ t, value: w * IDF.get(t)! }));
    const score = weighted.reduce((sum, h) => sum + h.value, 0);
    const because = weighted
      .sort((a, b) => b.value - a.value)
      .map((h) => h.t)
      .filter((t, i, all) => !all.some((o, j) => j < i && o.includes(t)))
      .slice(0, 3);
    // A cross-industry module must be asked for more plainly than one of the demand's own industry.
    return score >= (general ? 2 * MIN_SCORE : MIN_SCORE)
      ? [
          {
            module,
            score,
            because,
            words: hits.length,
            keywords: hits.filter(([t]) => keywords.has(t)).length,
          },
        ]
      : [];
  });
  const best = Math.max(0, ...ranked.map((r) => r.score));
  const sorted = ranked
    .filter((r) => r.score >= best * MIN_SHARE_OF_BEST)
    .sort(
      (a, b) => b.score - a.score || MODULE_CATALOGUE.indexOf(a.module) - MODULE_CATALOGUE.indexOf(b.module),
    );
  const bestOfField = sorted.find((r) => r.module.industries !== 'general');
  const chosen = sorted
    // The best match is what the demand asks for; any other module needs two of its keywords in the demand, everyday
    // ones included (one passing keyword, 交期 in a demand about breakdowns, is not a second need), the best of the
    // demand's own field two of its words. At first scoring, rounds 21 and 22 gained 4-8 points of precision for no
    // recall.
    .filter((r, i) => i === 0 || r.keywords > 1 || (r === bestOfField && r.words > 1))
    .slice(0, limit)
    .map(({ words: _, keywords: __, ...r }) => r);
  const ownField = chosen.some((r) => r.module.industries !== 'general');
  return { modules: chosen, industries: ofDemand, missed: ofDemand.length ? !ownField : !chosen.length };
}

export const rankModules = (text: string, limit = 5): RankedModule[] => matchModules(text, limit).modules;
