import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser';

const baseUrl = inject('baseUrl');

/** The reports of a vital's histogram the API has counted for a route pattern. */
async function counted(histogram: string, route: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${histogram}_count{route="${route}"}`));
  return Number(line?.split(' ').at(-1) ?? 0);
}

/** Real-user vitals from the browser (issue 38): a sampled load reports, the API counts it by route pattern. */
describe('web vitals', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('reports a sampled load’s LCP and CLS under the pattern it landed on, when the page is hidden', async () => {
    const before = {
      lcp: await counted('web_vitals_lcp_seconds', '/contact'),
      cls: await counted('web_vitals_cls', '/contact'),
    };
    const context = await browser.newContext({ locale: 'zh-CN' });
    // Sampled: the one load in ten.
    await context.addInitScript(() => (Math.random = () => 0));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // A tap ends the largest-paint watch (as any input does); then the page goes to the background, as when the reader switches tabs: the vitals leave in a beacon.
    await page.getByRole('heading', { level: 1 }).click();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    for (const [histogram, was] of [
      ['web_vitals_lcp_seconds', before.lcp],
      ['web_vitals_cls', before.cls],
    ] as const)
      await expect.poll(() => counted(histogram, '/contact'), { timeout: 10_000 }).toBe(was + 1);
    await context.close();
  });
});
