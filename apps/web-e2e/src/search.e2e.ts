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
    await page.goto(`${baseUrl}/?q=${encodeURIComponent('不存在的关键词组合')}`);
    await page.getByText('没有匹配的方案，请更换关键词').waitFor();
    await snap(page, 'search-03-no-match');
  });
});
