import {
  INDUSTRIES,
  LIBRARY_INDUSTRIES,
  type AnsweredQuestion,
  type Language,
  type Localized,
  type QuestionId,
} from '@think-tank/contracts';
import { industriesOf } from './demand-analysis';
import { prepare } from './demand-text';

/** What each question asks and why Startup needs it (contract §12), in both languages. */
const ASKED: Record<QuestionId, { topic: Localized; text: Localized; why: Localized }> = {
  industry: {
    topic: { zh: '行业', en: 'industry' },
    text: { zh: '您的业务属于哪个行业？', en: 'Which industry is your business in?' },
    why: {
      zh: '需求中没有看出行业；行业决定建议的业务模块。',
      en: 'The demand does not say; the industry decides which modules are suggested.',
    },
  },
  scale: {
    topic: { zh: '规模', en: 'scale' },
    text: {
      zh: '业务规模大概多大？（如门店数、人数、日单量）',
      en: 'How large is the business? (sites, people, daily volume)',
    },
    why: {
      zh: '需求中没有数字；规模决定指标的目标值。',
      en: 'The demand gives no numbers; the scale sets the metrics’ targets.',
    },
  },
  systems: {
    topic: { zh: '现有系统', en: 'systems in place' },
    text: { zh: '目前已在使用哪些系统？', en: 'Which systems are already in place?' },
    why: { zh: '新模块需要与现有系统衔接。', en: 'New modules have to fit the systems you run.' },
  },
  timeframe: {
    topic: { zh: '时间', en: 'time frame' },
    text: { zh: '希望多长时间内见效？', en: 'By when should it show results?' },
    why: { zh: '时间决定分期与交付顺序。', en: 'The time frame decides the phases and their order.' },
  },
  budget: {
    topic: { zh: '预算', en: 'budget' },
    text: { zh: '预算大概在什么范围？', en: 'Roughly what budget do you have?' },
    why: { zh: '预算决定方案的范围。', en: 'The budget decides the scope of the solution.' },
  },
};

/** A figure of any kind: digits, or a Chinese numeral before a measure word (三家门店, 两百人: 百人). */
const A_NUMBER =
  /[0-9０-９]|[一二两三四五六七八九十百千万](?:家|个|人|名|辆|台|间|条|吨|件|单|座|所|万|千|百)/;

/**
 * The built-in generator's questions, by rules over its own reading of the demand: no industry read means ask for
 * it; no number means ask for the scale. (A language model may add the other kinds.)
 */
export function questionsFor(text: string): QuestionId[] {
  return [
    ...(industriesOf(prepare(text)).length ? [] : (['industry'] as const)),
    ...(A_NUMBER.test(text) ? [] : (['scale'] as const)),
  ];
}

/** A demand's questions as a reader sees them, in their language, with the industries to pick from. */
export function renderQuestions(
  stored: { id: QuestionId; answer: string | null }[],
  lang: Language,
): AnsweredQuestion[] {
  return stored.map(({ id, answer }) => ({
    id,
    text: ASKED[id].text[lang],
    why: ASKED[id].why[lang],
    ...(id === 'industry' ? { options: LIBRARY_INDUSTRIES.map((key) => INDUSTRIES[key][lang]) } : {}),
    answer,
  }));
}

/** The answers given, each with what it is about in the demand's output language, for the generator to read. */
export const answersOf = (stored: { id: QuestionId; answer: string | null }[], lang: Language) =>
  stored
    .filter((q): q is { id: QuestionId; answer: string } => Boolean(q.answer?.trim()))
    .map((q) => ({ topic: ASKED[q.id].topic[lang], answer: q.answer.trim() }));

/** The questions a new demand was asked, as registration answers them: without answers, in the reader's language. */
export const askedOf = (demand: { questions: { id: QuestionId; answer: string | null }[] }, lang: Language) =>
  renderQuestions(demand.questions, lang).map(({ answer: _none, ...question }) => question);
