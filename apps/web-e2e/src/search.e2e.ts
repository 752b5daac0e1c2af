import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, snap } from './support/browser';

const baseUrl = inject('baseUrl');

describe('searching the library in the browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await (
      await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } })
    ).newPage();
  });
  afterAll(() => browser?.close());

  const results = () => page.locator('.list-group-item');

  it('lists the seeded library five at a time and pages through it', async () => {
    await page.goto(baseUrl);
    await page.getByText(/^共找到 \d+ 个方案$/).waitFor();
    const total = Number((await page.getByText(/^共找到 \d+ 个方案$/).textContent())!.match(/\d+/)![0]);
    expect(total).toBeGreaterThanOrEqual(40);
    expect(await results().count()).toBe(5);
    // Other test files add solutions meanwhile (newest first), so page 2 is checked against what the API last
    // answered for it, not against page 1: five solutions added between the two would make page 2 repeat page 1.
    const answers: Promise<{ list: { projectName: string }[] }>[] = [];
    page.on('response', (r) => {
      if (/\/api\/solutions\/search\?.*page=2/.test(r.url())) answers.push(r.json());
    });
    await page.getByRole('list', { name: '分页' }).getByText('2', { exact: true }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(async () => {
        const latest = await answers.at(-1);
        const shown = await results().locator('h2').allTextContents();
        return (
          latest?.list.length === 5 && shown.join('|') === latest.list.map((s) => s.projectName).join('|')
        );
      })
      .toBe(true);
    await snap(page, 'search-01-page-2');
  });

  it('finds solutions by a Chinese term and by an English word through its translation, marking the match', async () => {
    await page.goto(baseUrl);
    await page.getByRole('searchbox').fill('质检');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL(/q=/);
    await expect.poll(async () => page.locator('mark').first().textContent()).toBe('质检');
    for (const name of await results().locator('h2').allTextContents()) expect(name).toBeTruthy();
    await snap(page, 'search-02-term');

    // "drone" is in no solution; its translation 无人机 is.
    await page.getByRole('searchbox').fill('drone');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect
      .poll(async () => (await results().locator('h2').allTextContents()).join(' '))
      .toContain('无人机植保');
  });

  it('tells the visitor when nothing matches', async () => {
    // Neither as written nor by its words: nothing the library holds.
    await page.goto(`${baseUrl}/?q=${encodeURIComponent('火星殖民地')}`);
    await page.getByText('没有匹配的方案，请更换关键词').waitFor();
    await snap(page, 'search-03-no-match');
  });
});

describe('filtering the library by industry and ordering it, in Chinese and English', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  const texts = {
    'zh-CN': { industry: '行业', logistics: '物流', catering: '餐饮', sort: '排序', newest: '最新发布' },
    'en-US': {
      industry: 'Industry',
      logistics: 'Logistics',
      catering: 'Catering',
      sort: 'Sort',
      newest: 'Newest',
    },
  };
  for (const [locale, words] of Object.entries(texts)) {
    it(`narrows a search to one industry, orders it, and finds the way back from an empty one (${locale})`, async () => {
      const page = await (
        await browser.newContext({ locale, viewport: { width: 1280, height: 900 } })
      ).newPage();
      const names = () => page.locator('.list-group-item h2').allTextContents();
      await page.goto(`${baseUrl}/?q=${encodeURIComponent('冷链')}`);
      // Cold chains in several industries (other files of the run add their own, newer ones, without an industry).
      await expect.poll(names).toEqual(expect.arrayContaining([expect.stringContaining('冷链')]));
      await page.getByRole('combobox', { name: words.industry }).selectOption({ label: words.logistics });
      await page.waitForURL(/industry=logistics/);
      await expect.poll(names).toEqual(['冷链运输全程温湿度监控与追溯']);
      await snap(page, `search-04-industry-${locale}`);
      await page.getByRole('combobox', { name: words.sort }).selectOption({ label: words.newest });
      await page.waitForURL(/sort=newest/);
      expect(new URL(page.url()).searchParams.get('industry')).toBe('logistics');
      await page.getByRole('combobox', { name: words.industry }).selectOption({ label: words.catering });
      await page.getByRole('alert').waitFor();
      await page.getByRole('alert').getByRole('button').click();
      await expect.poll(names).toEqual(expect.arrayContaining([expect.stringContaining('冷链')]));
      expect(await page.getByRole('combobox', { name: words.industry }).inputValue()).toBe('');
      await page.context().close();
    });
  }

  it('ranks the solutions named for the terms first by relevance, on a phone too', async () => {
    const page = await (
      await browser.newContext({ locale: 'zh-CN', viewport: { width: 375, height: 812 }, isMobile: true })
    ).newPage();
    await page.goto(`${baseUrl}/?q=${encodeURIComponent('智能')}`);
    expect(await page.getByRole('combobox', { name: '排序' }).inputValue()).toBe('relevance');
    // Eight seeded solutions carry the term in their names: a page of five is all of them.
    await expect
      .poll(async () => (await page.locator('.list-group-item h2').allTextContents()).length)
      .toBe(5);
    for (const name of await page.locator('.list-group-item h2').allTextContents())
      expect(name).toContain('智能');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'search-05-relevance-phone');
    await page.context().close();
  });
});
