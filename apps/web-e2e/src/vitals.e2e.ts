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
    // This load's own beacons (Playwright does not see sendBeacon's requests): other files' loads of /contact (axe,
    // the phone, the keyboard) are sampled one in ten too, and may add to the same counts meanwhile (CI once counted 2).
    await context.addInitScript(() => {
      const texts: Promise<string>[] = [];
      (window as unknown as { beacons: Promise<string>[] }).beacons = texts;
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).endsWith('/api/vitals'))
          texts.push(data instanceof Blob ? data.text() : Promise.resolve(''));
        return send(url, data);
      };
    });
    const sent = async () =>
      (
        await page.evaluate(() => Promise.all((window as unknown as { beacons: Promise<string>[] }).beacons))
      ).map((text) => JSON.parse(text) as { name: string; route: string });
    await page.goto(`${baseUrl}/contact`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // A tap ends the largest-paint watch (as any input does); then the page goes to the background, as when the reader switches tabs: the vitals leave in a beacon.
    await page.getByRole('heading', { level: 1 }).click();
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    for (const [name, histogram, was] of [
      ['LCP', 'web_vitals_lcp_seconds', before.lcp],
      ['CLS', 'web_vitals_cls', before.cls],
    ] as const) {
      await expect
        .poll(async () => (await sent()).filter((r) => r.name === name && r.route === '/contact').length)
        .toBe(1);
      await expect.poll(() => counted(histogram, '/contact'), { timeout: 10_000 }).toBeGreaterThan(was);
    }
    await context.close();
  });
});
