import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInPage, snap } from './support/browser';
import {
  eachRoute,
  routeFixtures,
  signedInRoutes,
  signedOutRoutes,
  type RouteFixtures,
} from './support/routes';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

describe('every route on a phone', () => {
  let browser: Browser;
  let fixtures: RouteFixtures;
  beforeAll(async () => {
    browser = await launchChromium();
    fixtures = await routeFixtures('phone');
  });
  afterAll(() => browser?.close());

  it('fits every route on a phone (375 × 812): no horizontal scroll, signed out and in', async () => {
    const overflow: string[] = [];
    const check = (context: BrowserContext, routes: string[], who: string) =>
      eachRoute(context, routes, async (page, route) => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 375) overflow.push(`${who} ${route}: ${width}px`);
        const name =
          route === '/'
            ? 'home'
            : route
                .replace(/\/[0-9a-f-]{36}/g, '')
                .replace(/\W+/g, '-')
                .replace(/^-|-$/g, '');
        await snap(page, `phone-${who}-${name}`);
      });
    const visitor = await browser.newContext({ locale: 'zh-CN', ...PHONE });
    await check(visitor, signedOutRoutes(fixtures), 'visitor');
    await visitor.close();
    const { context, page } = await signedInPage(browser, fixtures.user, 'zh-CN', PHONE);
    await page.close();
    await check(context, signedInRoutes(fixtures), 'user');
    await context.close();
    expect(overflow).toEqual([]);
  });
});
