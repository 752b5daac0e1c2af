import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './support/axe';
import { launchChromium, signedInPage } from './support/browser';
import { routeFixtures, signedInRoutes, signedOutRoutes, type RouteFixtures } from './support/routes';

// The support console (accessibility-console.e2e.ts), the keyboard (keyboard.e2e.ts) and the phone width
// (phone.e2e.ts) are checked in files of their own, which the browser suite runs beside this one.
describe('accessibility: axe-core on every route, in Chinese and English, signed out and in', () => {
  let browser: Browser;
  let fixtures: RouteFixtures;
  beforeAll(async () => {
    browser = await launchChromium();
    fixtures = await routeFixtures('a11y');
  });
  afterAll(() => browser?.close());

  for (const locale of ['zh-CN', 'en-US']) {
    it(`finds nothing signed out (${locale})`, async () => {
      const context = await browser.newContext({ locale });
      expect(await audit(context, signedOutRoutes(fixtures))).toEqual({});
      await context.close();
    });

    it(`finds nothing signed in (${locale})`, async () => {
      const { context } = await signedInPage(browser, fixtures.user, locale);
      expect(await audit(context, signedInRoutes(fixtures))).toEqual({});
      await context.close();
    });
  }
});
