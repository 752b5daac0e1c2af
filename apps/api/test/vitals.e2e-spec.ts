import { startTestApp, type TestApp } from './support/test-app';

/** Real-user vitals (issue 38): sampled browsers report, the API keeps histograms only. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const metrics = async () => (await t.http.get('/metrics').expect(200)).text;
/** A histogram's count for a route (0 when never observed). */
const count = (text: string, histogram: string, route: string) =>
  Number(
    new RegExp(`^${histogram}_count\\{route="${route.replace(/[/*]/g, '\\$&')}"\\} (\\d+)$`, 'm').exec(
      text,
    )?.[1] ?? 0,
  );

describe('POST /api/vitals', () => {
  it('puts each report in its histogram by route pattern, an unknown route as "other", and stores nothing', async () => {
    const before = await metrics();
    const report = (body: object) =>
      t.http.post('/api/vitals').set('X-Forwarded-For', '203.0.113.7').send(body);
    await report({ name: 'LCP', value: 1.8, route: '/' }).expect(204);
    await report({ name: 'INP', value: 0.12, route: '/demand-store/:id' }).expect(204);
    await report({ name: 'CLS', value: 0.02, route: '/a/route/nobody/has' }).expect(204);
    const after = await metrics();
    expect(count(after, 'web_vitals_lcp_seconds', '/') - count(before, 'web_vitals_lcp_seconds', '/')).toBe(
      1,
    );
    expect(after).toMatch(/^web_vitals_lcp_seconds_bucket\{le="2",route="\/"\} [1-9]/m);
    expect(
      count(after, 'web_vitals_inp_seconds', '/demand-store/:id') -
        count(before, 'web_vitals_inp_seconds', '/demand-store/:id'),
    ).toBe(1);
    expect(count(after, 'web_vitals_cls', 'other') - count(before, 'web_vitals_cls', 'other')).toBe(1);
    expect(after).not.toContain('/a/route/nobody/has');
  });

  it('refuses what is not a vital (400), and more than 30 a minute from one address (429)', async () => {
    const report = (body: object) =>
      t.http.post('/api/vitals').set('X-Forwarded-For', '203.0.113.8').send(body);
    await report({ name: 'FID', value: 1, route: '/' }).expect(400);
    await report({ name: 'LCP', value: -1, route: '/' }).expect(400);
    await report({ name: 'LCP', value: 'fast', route: '/' }).expect(400);
    await report({ name: 'LCP', value: 1, route: 'x'.repeat(101) }).expect(400);
    await report({ name: 'LCP', value: 1, route: '/', extra: true }).expect(400);
    const answers = await Promise.all(
      Array.from({ length: 35 }, () => report({ name: 'CLS', value: 0, route: '/' }).then((r) => r.status)),
    );
    // 30 a minute per address, taken atomically (the first test's reports may share this one's address).
    expect(answers.filter((s) => s === 204).length).toBeGreaterThanOrEqual(27);
    expect(answers.filter((s) => s === 204).length).toBeLessThanOrEqual(30);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  });
});
