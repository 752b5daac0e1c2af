import { resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { firstLoadJs } from './bundle-budget';
import { launchChromium } from './support/browser';

const BUDGET_GZIP_BYTES = 150_000;

describe('bundle budget', () => {
  it('keeps the home route’s first load under 150 KB of gzipped JavaScript', () => {
    const { gzipBytes, files } = firstLoadJs(
      resolve(__dirname, '../../../dist/apps/web'),
      'features/home/pages/HomePage.tsx',
    );
    console.log(
      `home route first load: ${(gzipBytes / 1000).toFixed(1)} KB gzipped in ${files.length} files`,
    );
    expect(gzipBytes).toBeLessThan(BUDGET_GZIP_BYTES);
  });

  it('loads the account menu only for signed-in users', () => {
    const { files } = firstLoadJs(
      resolve(__dirname, '../../../dist/apps/web'),
      'features/home/pages/HomePage.tsx',
    );
    expect(files.some((f) => f.includes('AccountMenu'))).toBe(false);
  });
});

describe('compressed assets under npm start', () => {
  it('sends the app’s scripts brotli- or gzip-compressed to browsers that accept it, and plain to others', async () => {
    const baseUrl = inject('baseUrl');
    const html = await (await fetch(`${baseUrl}/`)).text();
    // The framework's chunk (React, its DOM, the router, i18next), which the page preloads: the largest script.
    const script = /href="(\/assets\/framework-[\w-]+\.js)"/.exec(html)![1];
    const get = (encoding: string) =>
      fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
    const [br, gzip, plain] = await Promise.all([get('br, gzip'), get('gzip'), get('identity')]);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decompresses: every form is the same script.
    const [a, b, c] = await Promise.all([br.text(), gzip.text(), plain.text()]);
    expect(a).toBe(c);
    expect(b).toBe(c);
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(100_000);
  });
});

describe('a first screen that stays put', () => {
  it('does not move the home page as its results arrive (layout shift < 0.01, desktop and phone)', async () => {
    const browser = await launchChromium();
    const shifts: Record<string, number> = {};
    for (const [name, viewport] of [
      ['desktop', { width: 1350, height: 940 }],
      ['phone', { width: 375, height: 812 }],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await page.addInitScript(() => {
        const w = window as unknown as { cls: number };
        w.cls = 0;
        new PerformanceObserver((list) =>
          list.getEntries().forEach((e) => (w.cls += (e as unknown as { value: number }).value)),
        ).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${inject('baseUrl')}/`);
      await page.locator('.list-group-item').first().waitFor();
      await page.waitForLoadState('networkidle');
      shifts[name] = await page.evaluate(() => (window as unknown as { cls: number }).cls);
      await page.close();
    }
    await browser.close();
    console.log(`home page layout shift: ${JSON.stringify(shifts)}`);
    expect(shifts.desktop).toBeLessThan(0.01);
    expect(shifts.phone).toBeLessThan(0.01);
  });
});
