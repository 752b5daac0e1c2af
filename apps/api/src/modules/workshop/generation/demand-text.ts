import type { Language } from '@think-tank/contracts';

/**
 * How the built-in generator reads a demand's text, in either language: words as the segmenter cuts them, terms
 * found as whole words, and the clauses that say what the demand does not ask for. What the text is about
 * (industries, modules) is demand-analysis.ts's.
 */
export const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
export const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

/** Terms that mean something else inside a longer word (良率, yield, inside 不良率, a defect rate). */
const NOT_INSIDE: Record<string, string[]> = {
  良率: ['不良率'],
  // 作业 is homework at school, but work on a shop floor or a site.
  作业: ['作业指导', '标准作业', '作业票', '高空作业', '动火作业', '作业区'],
  // 安全 alone is safety at work; food and data safety are other modules' concern.
  安全: ['食品安全', '数据安全', '信息安全', '网络安全'],
  // A picking path in a warehouse is not a delivery route.
  路径: ['拣货路径', '拣选路径'],
  // A consulting firm is not a customer's inquiry.
  咨询: ['咨询公司', '咨询顾问'],
  // A tobacco-and-liquor shop, which the segmenter cuts as 烟/酒店.
  酒店: ['烟酒店'],
  // Signing in is not a certificate of skills.
  认证: ['身份认证', '统一认证'],
  // A contract manufacturer or caterer works for others; it does not ask about its contracts.
  contract: ['contract manufactur', 'contract electronics', 'contract caterer'],
  // Kitchen cabinets are made in a factory.
  kitchen: ['kitchen cabinet'],
  // A ski school is a resort's and school meals a caterer's, not a place of education.
  school: ['ski school', 'school meals'],
  // A food court is where people eat, a meals contractor cooks.
  court: ['food court'],
  contractor: ['meals contractor'],
};

/** The text with the longer words a term means something else inside blanked out. */
const withoutLongerWords = (text: string, term: string) =>
  (NOT_INSIDE[term] ?? []).reduce((t, word) => t.replaceAll(word, ' '.repeat(word.length)), text);

const latinTerms = new Map<string, RegExp>();
/** Where the segmenter cuts a text into words: the offsets at which a word starts or ends. */
export function wordBoundaries(text: string): Set<number> {
  const cuts = new Set<number>([text.length]);
  for (const { index, segment } of segmenter.segment(text)) cuts.add(index).add(index + segment.length);
  return cuts;
}

/**
 * Whether a term occurs in a prepared text: a Chinese one as whole words (from a cut of the segmenter to another,
 * so 问答 is not found in 智能问答 nor 监控 in 运行监控 when the segmenter reads them as one word), a Latin one
 * (a word, a phrase, an abbreviation) as whole words, its last word also inflected; neither inside the longer words
 * NOT_INSIDE names.
 */
export function occurs(text: string, term: string, cuts: Set<number>): boolean {
  const masked = withoutLongerWords(text, term);
  if (/[\u4e00-\u9fff]/.test(term)) {
    for (let at = masked.indexOf(term); at >= 0; at = masked.indexOf(term, at + 1))
      if (cuts.has(at) && cuts.has(at + term.length)) return true;
    return false;
  }
  let pattern = latinTerms.get(term);
  if (!pattern) {
    pattern = new RegExp(`(^|[^a-z0-9])(${inflections(term)})([^a-z0-9]|$)`);
    latinTerms.set(term, pattern);
  }
  return pattern.test(masked);
}

/**
 * A Latin term and the forms its last word takes in a demand (forecast: forecasts, forecasted, forecasting;
 * schedule: scheduled, scheduling; delivery: deliveries), as a pattern; an abbreviation of three letters or fewer
 * (bi, app, kyc) only in the plural.
 */
function inflections(term: string): string {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  const last = term.split(' ').at(-1)!;
  if (last.length <= 3 || /\d/.test(last)) return `${escaped}s?`;
  if (/[^aeiou]y$/.test(last)) return `${escaped}|${escaped.slice(0, -1)}(ies|ied)`;
  if (last.endsWith('e')) return `${escaped}[sd]?|${escaped.slice(0, -1)}ing`;
  return `${escaped}(s|es|ed|ing)?`;
}

/** The demand as the catalogue reads it: lower-cased, a hyphen read as a space ("on-time" is "on time"). */
export const prepare = (text: string) => normalise(text).replace(/-/g, ' ');

/**
 * What a demand says it has, or leaves out, is not asked for: "ERP和CRM去年都上了，这次不考虑", "运输管理系统去年上线了，这块
 * 不用管", "We already have a CRM". Such a clause is left out of the module match (the demand's industries still
 * count it); a clause that only says so ("这次不考虑", "which is out of scope") takes the clause before it along.
 */
const EXCLUDED = new RegExp(
  [
    // Chinese: left alone, not wanted, already there (不动, but not 不动产: real estate).
    ...['不考虑', '不需要动', '不用管', '不用动', '不用改', '不换', '不打算', '不能改'],
    ...['不在[^，。]{0,8}范围', '用不上', '没问题', '刚换过', '很成熟'],
    ...['这部分不做', '这块不做', '暂时不做', '不做了', '不动(?!产)'],
    ...['已经上了', '都上了', '上线了', '已上线', '已经有', '都有了', '已经[^，。]{0,8}做了', '外包给'],
    // English, as whole words.
    ...['already (have|has|had|use|uses|run|runs|built|bought|in place)', 'stays? as (it|they) (is|are)'],
    ...['(out of|not in) scope', 'not part of (this|the)', 'no need for', 'not looking for'],
    ...["(do not|don't|does not|doesn't) need", '(is|are) outsourced', 'works? fine'],
  ]
    .map((m) => (/[\u4e00-\u9fff]/.test(m) ? m : `\\b${m}\\b`))
    .join('|'),
);
/** A clause: up to a comma, a colon, a sentence's end (a full stop before a space, not a decimal point). */
const CLAUSE = /(?:[^，,。；;！!？?：:\n.]|\.(?!\s|$))+(?:[，,。；;！!？?：:\n]|\.(?=\s|$))?/g;

export function leaveOutExclusions(text: string): string {
  const clauses = [...text.matchAll(CLAUSE)].map((m) => ({ at: m.index, text: m[0] }));
  const left = new Set<number>();
  clauses.forEach((clause, i) => {
    const marker = EXCLUDED.exec(clause.text);
    if (!marker) return;
    left.add(i);
    // What the clause says besides the marker: little ("这次", "which") means it speaks of the clause before.
    const rest = clause.text.replace(marker[0], '');
    const said = (rest.match(/[\u4e00-\u9fff]/g)?.length ?? 0) + 2 * (rest.match(/[a-z]{4,}/g)?.length ?? 0);
    if (said <= 5 && i > 0) left.add(i - 1);
  });
  let out = '';
  let from = 0;
  for (const { at, text: clause } of [...left].sort((a, b) => a - b).map((i) => clauses[i])) {
    out += text.slice(from, at) + ' '.repeat(clause.length);
    from = at + clause.length;
  }
  return out + text.slice(from);
}

/** The language a text is written in: English when Latin letters outnumber Chinese characters, else Chinese. */
export function languageOfText(text: string): Language {
  const chinese = text.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  // A Chinese character carries about as much as a short word: weigh them so.
  return latin > chinese * 3 ? 'en' : 'zh';
}
