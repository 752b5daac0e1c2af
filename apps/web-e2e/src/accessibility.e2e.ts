import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyForVip, loginAsAdmin, newVerifiedUser, paidViewOrder, requestInvoice } from './support/api';
import { launchChromium, signedInPage } from './support/browser';
import {
  eachRoute,
  routeFixtures,
  signedInRoutes,
  signedOutRoutes,
  type RouteFixtures,
} from './support/routes';

const baseUrl = inject('baseUrl');

/** Every violation axe finds on the page, of any impact, as lines that say where. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  );
}

/** What axe finds on each route, leaving out the routes where it finds nothing. */
async function audit(context: BrowserContext, routes: string[]): Promise<Record<string, string[]>> {
  const report: Record<string, string[]> = {};
  await eachRoute(context, routes, async (page, route) => {
    const found = await violations(page);
    if (found.length) report[route] = found;
  });
  return report;
}

// The keyboard (keyboard.e2e.ts) and the phone width (phone.e2e.ts) are checked in files of their own, which
// the browser suite runs beside this one.
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

  it('finds nothing in the support console', async () => {
    const admin = await loginAsAdmin();
    const { context } = await signedInPage(browser, admin);
    expect(await audit(context, ['/admin'])).toEqual({});
    await context.close();
  });

  it('finds nothing on any console tab, each with something pending (the status badges among them)', async () => {
    const applicant = await newVerifiedUser('a11ytabs');
    await requestInvoice(applicant, await paidViewOrder(applicant, fixtures.solutionId));
    await applyForVip(applicant);
    const admin = await loginAsAdmin();
    const { context, page } = await signedInPage(browser, admin);
    await page.goto(`${baseUrl}/admin`);
    const found: Record<string, string[]> = {};
    for (const tab of [
      '用户',
      'VIP 申请',
      '订单',
      '发票',
      '需求',
      '方案库',
      '套餐',
      '队列',
      '审计日志',
      '广播消息',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      // A tab may first fetch its texts (the demands tab the workshop's): read it once it is shown.
      await page.locator('main h1').waitFor();
      const v = await violations(page);
      if (v.length) found[tab] = v;
    }
    // The pending rows were there to be read: the badges of both pending lists were checked.
    await page.getByRole('tab', { name: 'VIP 申请' }).click();
    await page.getByText(applicant.user.username).first().waitFor();
    await context.close();
    expect(found).toEqual({});
  });
});
