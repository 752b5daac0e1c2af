import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@think-tank/contracts';
import { rankModules } from './demand-analysis';
import { LABELLED_DEMANDS, MODULE_CATALOGUE, type LabelledDemand } from './generator-data';

/** The held-out panel: never learnt from, a fixture of the tests alone (docs/generation.md#the-relevance-panel). */
const HELD_OUT_FILE = join(__dirname, '../../../../test/fixtures/relevance-held-out.json');
const HELD_OUT_PANEL = JSON.parse(readFileSync(HELD_OUT_FILE, 'utf8')) as LabelledDemand[];
/** Committed before the panel was first scored: any later edit shows. */
const HELD_OUT_SHA256 = '1cf6f33878fb9fd73a67e0bbba8ba9d43553a701bdb947dd82411e3870b0c18e';

/**
 * The built-in generator's suggestions (its top 5) scored on the labelled demands it learns from and on the held-out
 * panel, per language: precision (the share of suggestions a consultant accepts), own-field recall (of the demands
 * whose field the catalogue serves, the share given an accepted module of it), and unrelated (the share given a module
 * of an industry they are not in). The figures over time are in docs/generation.md#figures.
 */
/** Issue 39's budget, on the held-out half in each language. */
const BUDGET = { precision: 0.95, recall: 0.9, unrelated: 0.02 };
/** What the test holds in each language until both meet the budget: a ratchet, raised as the figures rise. */
const FLOOR: Record<Language, typeof BUDGET> = {
  zh: { precision: 0.94, recall: 0.86, unrelated: 0.02 },
  en: { precision: 0.95, recall: 0.82, unrelated: 0.02 },
};

const byId = new Map(MODULE_CATALOGUE.map((m) => [m.id, m]));
const industriesOf = (id: string) => byId.get(id)!.industries;

interface Scored {
  demand: LabelledDemand;
  suggested: string[];
  rejected: string[];
  /** A consultant accepts a module of the demand's own industries: the catalogue has one for it. */
  fieldInCatalogue: boolean;
  ownField: boolean;
  unrelated: string[];
}

function score(demand: LabelledDemand): Scored {
  const suggested = rankModules(demand.text, 5).map((r) => r.module.id);
  const inField = (id: string) => {
    const of = industriesOf(id);
    return of !== 'general' && of.some((i) => demand.industries.includes(i));
  };
  return {
    demand,
    suggested,
    rejected: suggested.filter((id) => !demand.accepted.includes(id)),
    fieldInCatalogue: demand.accepted.some(inField),
    ownField: suggested.some((id) => inField(id) && demand.accepted.includes(id)),
    unrelated: suggested.filter((id) => industriesOf(id) !== 'general' && !inField(id)),
  };
}

interface Figures {
  demands: number;
  suggestions: number;
  precision: number;
  recall: number;
  unrelated: number;
}

function figures(results: Scored[]): Figures {
  const suggestions = results.reduce((n, r) => n + r.suggested.length, 0);
  const ofAField = results.filter((r) => r.fieldInCatalogue);
  return {
    demands: results.length,
    suggestions,
    precision: suggestions ? 1 - results.reduce((n, r) => n + r.rejected.length, 0) / suggestions : 1,
    recall: ofAField.filter((r) => r.ownField).length / ofAField.length,
    unrelated: results.filter((r) => r.unrelated.length > 0).length / results.length,
  };
}

/** What two texts share (Dice): of Chinese, their pairs of characters; of English, their words of four letters or more. */
function overlap(a: string, b: string): number {
  const units = (text: string) => {
    const t = text.toLowerCase();
    if (!/[\u4e00-\u9fff]/.test(t)) return new Set(t.match(/[a-z0-9]{4,}/g));
    const c = t.replace(/[^\u4e00-\u9fff0-9a-z]/g, '');
    return new Set(Array.from({ length: c.length - 1 }, (_, i) => c.slice(i, i + 2)));
  };
  const [x, y] = [units(a), units(b)];
  return (2 * [...x].filter((u) => y.has(u)).length) / (x.size + y.size);
}

const LANGUAGES: Language[] = ['zh', 'en'];
const halves = { 'tuning half': LABELLED_DEMANDS, 'held-out half': HELD_OUT_PANEL };
const scored = Object.fromEntries(
  Object.entries(halves).map(([half, panel]) => [half, panel.map(score)]),
) as Record<keyof typeof halves, Scored[]>;
const byLanguage = (results: Scored[], lang: Language) => results.filter((r) => r.demand.language === lang);

const line = (name: string, f: Figures) =>
  `  ${name.padEnd(12)} ${String(f.demands).padStart(3)} demands  ${String(f.suggestions).padStart(4)} suggestions  precision ${f.precision.toFixed(3)}  ` +
  `own-field recall ${f.recall.toFixed(3)}  unrelated ${(f.unrelated * 100).toFixed(1)} %`;

describe('the relevance of suggested modules, on a panel with a held-out half', () => {
  it('holds at least 120 demands, 8 per industry and 40 in English, every industry in both languages', () => {
    const panel = [...LABELLED_DEMANDS, ...HELD_OUT_PANEL];
    expect(panel.length).toBeGreaterThanOrEqual(120);
    expect(panel.filter((d) => d.language === 'en').length).toBeGreaterThanOrEqual(40);
    const industries = [...new Set(panel.flatMap((d) => d.industries))];
    expect(industries).toHaveLength(12);
    for (const industry of industries) {
      const of = panel.filter((d) => d.industries.includes(industry));
      expect([industry, of.length >= 8]).toEqual([industry, true]);
      for (const lang of LANGUAGES)
        expect([industry, lang, of.some((d) => d.language === lang)]).toEqual([industry, lang, true]);
    }
    expect(panel.some((d) => d.industries.length === 2)).toBe(true);
    expect(panel.some((d) => d.industries.length === 0)).toBe(true);
    for (const d of panel) for (const id of d.accepted) expect([id, byId.has(id)]).toEqual([id, true]);
  });

  it('keeps the held-out half as it was written: its SHA-256 is the one committed with it', () => {
    const text = readFileSync(HELD_OUT_FILE);
    expect(createHash('sha256').update(text).digest('hex')).toBe(HELD_OUT_SHA256);
  });

  it('keeps the halves apart: no tuning demand retells a held-out one', () => {
    // A tuning demand that retells a held-out one (its scenario, its numbers) tunes on the held-out half in effect:
    // 17 did (a Chinese pair shares a third of its character pairs; an English pair over half of its words).
    const retold = LABELLED_DEMANDS.flatMap((d) =>
      HELD_OUT_PANEL.filter(
        (h) => h.language === d.language && overlap(d.text, h.text) >= (d.language === 'zh' ? 0.35 : 0.55),
      ).map((h) => `${d.text.slice(0, 30)}… retells ${h.text.slice(0, 30)}…`),
    );
    expect(retold).toEqual([]);
  });

  it('reports both halves, and holds the held-out half at its floor in each language', () => {
    // The held-out half prints its figures only: its misses, read while tuning, would be tuned on.
    const report = Object.entries(scored).flatMap(([half, results]) => [
      `${half}:`,
      line('all', figures(results)),
      ...LANGUAGES.map((lang) => line(lang, figures(byLanguage(results, lang)))),
      ...(half === 'tuning half' ? results : [])
        .filter((r) => r.rejected.length || (r.fieldInCatalogue && !r.ownField))
        .map(
          (r) =>
            `    ${r.demand.text.slice(0, 40)}… ${r.rejected.length ? `rejected: ${r.rejected.join(', ')}` : ''}` +
            `${r.fieldInCatalogue && !r.ownField ? ' (nothing of its field)' : ''}`,
        ),
    ]);
    const heldOut = LANGUAGES.map((lang) => ({
      lang,
      ...figures(byLanguage(scored['held-out half'], lang)),
    }));
    const meets = (f: Figures) =>
      f.precision >= BUDGET.precision && f.recall >= BUDGET.recall && f.unrelated <= BUDGET.unrelated;
    report.push(...heldOut.map((f) => `held-out half, ${f.lang}: budget ${meets(f) ? 'met' : 'not met'}`));
    console.log(`relevance panel (top 5 suggestions)\n${report.join('\n')}`);
    for (const { lang, precision, recall, unrelated } of heldOut) {
      const floor = FLOOR[lang];
      expect({ lang, precision: precision >= floor.precision }).toEqual({ lang, precision: true });
      expect({ lang, recall: recall >= floor.recall }).toEqual({ lang, recall: true });
      expect({ lang, unrelated: unrelated <= floor.unrelated }).toEqual({ lang, unrelated: true });
    }
  });

  it('offers issue 39’s two demands only modules of their own fields', () => {
    for (const start of ['我们做社区团购', 'We are a specialty coffee chain']) {
      const result = scored['tuning half'].find((r) => r.demand.text.startsWith(start))!;
      expect({ start, rejected: result.rejected, unrelated: result.unrelated }).toEqual({
        start,
        rejected: [],
        unrelated: [],
      });
      expect(result.suggested).not.toContain('pharmacy-supply');
    }
  });

  it('says why it suggests a module', () => {
    const [first] = rankModules(LABELLED_DEMANDS[0].text);
    expect(first.because.length).toBeGreaterThan(0);
  });
});
