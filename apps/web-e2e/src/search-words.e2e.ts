import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginAsAdmin } from './support/api';
import { IN_WECHAT, launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

const TEXTS = {
  'zh-CN': { button: '搜索', byWords: '未找到完整匹配，以下结果包含：质检 · 人工' },
  'en-US': { button: 'Search', byWords: 'No exact match; these results contain: 质检 · 人工' },
} as const;

/**
 * Contract §12 "Search reads plain Chinese", in the browser over the demo library: a sentence typed on the home page
 * at 375 px answers by its words, says so and marks them; the console lists what nobody found and writes a solution
 * for it.
 */
describe('searching in a sentence', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it.each(Object.entries(TEXTS))(
    'answers a sentence by its words and marks them (%s, 375 px)',
    async (locale, text) => {
      const context = await browser.newContext({ locale, ...IN_WECHAT });
      const page = await context.newPage();
      await page.goto(baseUrl);
      await page.getByRole('searchbox').fill('质检靠人工看太慢了');
      await page.getByRole('button', { name: text.button, exact: true }).click();
      await page.getByTestId('matched-by-words').getByText(text.byWords).waitFor();
      const first = page.getByRole('link', { name: /汽车零部件产线 AI 视觉质检/ });
      await first.waitFor();
      expect(await first.locator('mark', { hasText: '质检' }).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await snap(page, `search-words-${locale}`);
      await context.close();
    },
  );

  it('lists for support what nobody found, and opens a solution to write for it', async () => {
    const visitor = await browser.newContext({ locale: 'zh-CN' });
    const page = await visitor.newPage();
    await page.goto(`${baseUrl}/?q=${encodeURIComponent('火箭发射场怎么选址')}`);
    await page.getByText('没有匹配的方案，请更换关键词').waitFor();
    await visitor.close();

    const { context, page: console } = await signedInPage(browser, await loginAsAdmin());
    await console.goto(`${baseUrl}/admin`);
    await console.getByRole('tab', { name: '方案库' }).click();
    const misses = console.getByTestId('search-misses');
    await misses.getByText('火箭发射场怎么选址').waitFor();
    await misses
      .getByRole('listitem')
      .filter({ hasText: '火箭发射场怎么选址' })
      .getByRole('button', { name: '据此新建方案' })
      .click();
    await expect.poll(() => console.locator('#solution-projectName').inputValue()).toBe('火箭发射场怎么选址');
    await snap(console, 'search-misses-console');
    await context.close();
  });
});
