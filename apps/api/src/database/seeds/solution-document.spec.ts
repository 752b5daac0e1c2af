import { parseSeed, seedSolutionInputs, solutionDocument } from './solution-document';

describe('demo library', () => {
  const seed = parseSeed();

  it('holds at least 40 complete solutions across industries', () => {
    expect(seed.length).toBeGreaterThanOrEqual(40);
    expect(new Set(seed.map((s) => s.industry)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(seed.map((s) => s.name)).size).toBe(seed.length);
    // Each in one of the library's industries, by which search filters.
    expect(seedSolutionInputs().filter((s) => !s.industry)).toEqual([]);
    for (const s of seed) {
      expect(s.requirements.length).toBeGreaterThan(30);
      expect(s.details.length).toBeGreaterThanOrEqual(50);
      expect(s.modules.length).toBeGreaterThanOrEqual(3);
      for (const m of s.modules) expect(m.description).toBeTruthy();
      expect(s.metrics.length).toBeGreaterThanOrEqual(3);
      expect(s.steps.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('renders real documents with no external resources', () => {
    const html = solutionDocument(seed[0]);
    expect(html).toMatch(/<h1>.+<\/h1>/);
    expect(html).toContain('<table>');
    expect(html).toContain('<ol>');
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
    expect(seedSolutionInputs()).toHaveLength(seed.length);
  });
});
