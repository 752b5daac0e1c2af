import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVerifiedUser, paidViewOrder } from './support/api';
import { launchChromium, signedInPage } from './support/browser';
import { routeFixtures, type RouteFixtures } from './support/routes';

const baseUrl = inject('baseUrl');

describe('the keyboard: focus that stays in dialogs and can always be seen', () => {
  let browser: Browser;
  let fixtures: RouteFixtures;
  beforeAll(async () => {
    browser = await launchChromium();
    fixtures = await routeFixtures('keys');
  });
  afterAll(() => browser?.close());

  it('keeps the focus inside a dialog and gives it back to its button on Escape', async () => {
    const buyer = await newVerifiedUser('a11yfocus');
    await paidViewOrder(buyer, fixtures.solutionId);
    const { context, page } = await signedInPage(browser, buyer);
    await page.goto(`${baseUrl}/profile/orders`);
    const opener = page.getByRole('button', { name: '申请发票' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: '申请发票' }).waitFor();
    const escaped: string[] = [];
    for (const key of [...Array<string>(30).fill('Tab'), ...Array<string>(10).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      const outside = await page.evaluate(() => {
        const el = document.activeElement;
        return el?.closest('[role="dialog"]') ? null : (el?.outerHTML.slice(0, 80) ?? 'nothing');
      });
      if (outside) escaped.push(`${key}: ${outside}`);
    }
    expect(escaped).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('shows where the keyboard focus is, on every control Tab reaches', async () => {
    const invisible: string[] = [];
    const walk = async (page: Page, route: string) => {
      await page.goto(`${baseUrl}${route}`);
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        const unseen = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const s = getComputedStyle(el);
          const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
          return outline || s.boxShadow !== 'none' ? null : el.outerHTML.slice(0, 100);
        });
        if (unseen) invisible.push(`${route}: ${unseen}`);
      }
    };
    const visitor = await browser.newContext({ locale: 'zh-CN' });
    const page = await visitor.newPage();
    for (const route of ['/', '/login', '/register', '/contact']) await walk(page, route);
    await visitor.close();
    const signed = await signedInPage(browser, fixtures.user);
    for (const route of ['/requirements', '/subscription', `/demand-store/${fixtures.demandId}`])
      await walk(signed.page, route);
    await signed.context.close();
    expect([...new Set(invisible)]).toEqual([]);
  });
});
