import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedSolutionInputs } from '../src/database/seeds/solution-document';
import { createSolution } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

interface PanelQuery {
  query: string;
  answers: string[];
}
const panel = (half: 'tuning' | 'held-out') => {
  const file = join(__dirname, `fixtures/search-panel.${half}.json`);
  return {
    text: readFileSync(file),
    queries: (JSON.parse(readFileSync(file, 'utf8')) as { queries: PanelQuery[] }).queries,
  };
};
/** Committed before search was first scored on it ("Write the search query panel before scoring it"): any later edit shows. */
const HELD_OUT_SHA256 = 'e16bf39611a59aaa86ae2a5dfd371d745859c6f610bbf4c8463ea12f6886fe4a';
/** The held-out half's top-3 budget (issue 57). */
const TOP3_BUDGET = 0.9;

/**
 * Search scored on the query panel over the demo library (docs/api.md#search): per half, the share of queries whose
 * answer is the first result (top-1) and among the first three (top-3). Tuned on the tuning half only.
 */
describe('search on the query panel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    for (const input of seedSolutionInputs()) await createSolution(t, input);
  });
  afterAll(() => t.close());

  async function score(queries: PanelQuery[]) {
    const misses: string[] = [];
    let top1 = 0;
    let top3 = 0;
    for (const { query, answers } of queries) {
      const res = await t.http.get('/api/solutions/search').query({ query, sort: 'relevance' }).expect(200);
      const names: string[] = res.body.list.map((s: { projectName: string }) => s.projectName);
      if (answers.includes(names[0])) top1 += 1;
      if (names.slice(0, 3).some((n) => answers.includes(n))) top3 += 1;
      else
        misses.push(
          `${query} → ${names.slice(0, 3).join(' / ') || '(nothing)'}${res.body.words ? ` [${res.body.words.join(' ')}]` : ''}`,
        );
    }
    return { top1: top1 / queries.length, top3: top3 / queries.length, misses };
  }

  it('keeps the held-out half as it was written', () => {
    expect(createHash('sha256').update(panel('held-out').text).digest('hex')).toBe(HELD_OUT_SHA256);
  });

  it(`answers the held-out half within the first three results for at least ${TOP3_BUDGET * 100} % of its queries`, async () => {
    const tuning = await score(panel('tuning').queries);
    const held = await score(panel('held-out').queries);
    // The figures, each run, for docs/api.md#search.
    console.log(
      `search panel: tuning top-1 ${tuning.top1.toFixed(3)}, top-3 ${tuning.top3.toFixed(3)}; ` +
        `held-out top-1 ${held.top1.toFixed(3)}, top-3 ${held.top3.toFixed(3)}\n` +
        `tuning misses:\n  ${tuning.misses.join('\n  ')}`,
    );
    expect(panel('tuning').queries.length + panel('held-out').queries.length).toBeGreaterThanOrEqual(80);
    expect(held.top3).toBeGreaterThanOrEqual(TOP3_BUDGET);
  });
});
