import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSolutionAsAdmin, newVerifiedUser, paidViewOrder } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** A reader's favourites and reading history in the browser (contract §11 "Accounts and library"). */
describe('favourites and reading history', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  const texts = {
    'zh-CN': {
      starName: (name: string) => `收藏「${name}」`,
      star: '收藏',
      starred: '已收藏',
      favourites: '我的收藏',
      noFavourites: '还没有收藏的方案。在搜索结果或方案页点击 ☆ 即可收藏。',
      history: '浏览记录',
      noHistory: '还没有浏览过方案。',
      viewed: /^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} 浏览$/,
      clear: '清空浏览记录',
    },
    'en-US': {
      starName: (name: string) => `Favourite “${name}”`,
      star: 'Favourite',
      starred: 'Favourited',
      favourites: 'My favourites',
      noFavourites: 'No favourites yet. Press ☆ beside a result or on a solution to add one.',
      history: 'Reading history',
      noHistory: 'You have not opened a solution yet.',
      viewed: /^Read [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2}/,
      clear: 'Clear history',
    },
  } as const;

  it.each(['zh-CN', 'en-US'] as const)(
    'stars a result, finds it in the favourites and unstars it there (%s)',
    async (locale) => {
      const text = texts[locale];
      const name = `收藏测试方案${locale}${Date.now().toString(36)}`;
      await createSolutionAsAdmin({
        projectName: name,
        projectRequirements: '门店补货依赖经验',
        projectRequirementsDetails: '销量预测与自动补货',
        html: '<h1>补货</h1>',
      });
      const user = await newVerifiedUser(`fav${locale.slice(0, 2)}`);
      const { context, page } = await signedInPage(browser, user, locale);
      await page.goto(`${baseUrl}/?q=${encodeURIComponent(name)}`);
      const star = page.getByRole('button', { name: text.starName(name) });
      await star.waitFor();
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
      await snap(page, `library-starred-result-${locale}`);
      // Still starred after a reload: the server has it.
      await page.reload();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

      await page.goto(`${baseUrl}/profile/library`);
      await page.getByRole('heading', { name: text.favourites }).waitFor();
      const row = page.getByTestId('favourites-list').getByRole('listitem').filter({ hasText: name });
      await row.waitFor();
      await snap(page, `library-favourites-${locale}`);
      await row.getByRole('button', { name: text.starName(name) }).click();
      await page.getByText(text.noFavourites).waitFor();
      await context.close();
    },
  );

  it.each(['zh-CN', 'en-US'] as const)(
    'records a solution read in the history, stars it on its page, and clears the history (%s)',
    async (locale) => {
      const text = texts[locale];
      const name = `浏览记录方案${locale}${Date.now().toString(36)}`;
      const solutionId = await createSolutionAsAdmin({
        projectName: name,
        projectRequirements: '仓储拣货效率低',
        projectRequirementsDetails: '波次拣货与路径优化',
        html: '<h1>仓储拣货优化</h1>',
      });
      const user = await newVerifiedUser(`hist${locale.slice(0, 2)}`);
      await paidViewOrder(user, solutionId);
      const { context, page } = await signedInPage(browser, user, locale);
      await page.goto(`${baseUrl}/profile/library`);
      await page.getByText(text.noHistory).waitFor();

      await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
      await page.frameLocator('iframe').getByRole('heading', { name: '仓储拣货优化' }).waitFor();
      const star = page.getByRole('button', { name: text.star, exact: true });
      // The star's request held back until the reader has left the page, as on a slow network: the star shows
      // starred before the server answers. The request must arrive all the same.
      let held = 0;
      let leave!: () => void;
      const left = new Promise<void>((resolve) => (leave = resolve));
      await page.route('**/api/solutions/*/favourite', async (route) => {
        held++;
        await left;
        await route.continue().catch(() => undefined);
      });
      await star.click();
      await page.getByRole('button', { name: text.starred, exact: true }).waitFor();
      expect(
        await page.getByRole('button', { name: text.starred, exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      await snap(page, `library-solution-starred-${locale}`);

      await page.goto(`${baseUrl}/profile/library`);
      leave();
      expect(held).toBe(1);
      const row = page.getByTestId('history-list').getByRole('listitem').filter({ hasText: name });
      await row.waitFor();
      expect(await row.getByRole('link', { name }).getAttribute('href')).toBe(
        `/solutions/${solutionId}/view`,
      );
      expect((await row.locator('span').textContent())?.trim()).toMatch(text.viewed);
      // The star arrives (the list may have been read before it did: a reload shows it).
      const favourite = page.getByTestId('favourites-list').getByRole('listitem').filter({ hasText: name });
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('heading', { name: text.favourites }).waitFor();
            await page.getByTestId('history-list').waitFor();
            return favourite.count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      await snap(page, `library-history-${locale}`);

      await page.getByRole('button', { name: text.clear }).click();
      await page.getByText(text.noHistory).waitFor();
      await context.close();
    },
  );
});
