import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  applyForVip,
  createSolutionAsAdmin,
  loginAsAdmin,
  newVerifiedUser,
  paidDemand,
  paidViewOrder,
  requestInvoice,
} from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

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

/** Opens each route and waits for its content (not the spinner) before axe reads it. */
async function audit(context: BrowserContext, routes: string[]): Promise<Record<string, string[]>> {
  const page = await context.newPage();
  const report: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(`${baseUrl}${route}`);
    await page.locator('main h1, main [role="status"]').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    report[route] = await violations(page);
  }
  await page.close();
  return Object.fromEntries(Object.entries(report).filter(([, v]) => v.length));
}

describe('accessibility: axe-core on every route, in Chinese and English, signed out and in', () => {
  let browser: Browser;
  let solutionId = '';
  let demandId = '';
  let user: Awaited<ReturnType<typeof newVerifiedUser>>;
  beforeAll(async () => {
    browser = await launchChromium();
    solutionId = await createSolutionAsAdmin({
      projectName: '无障碍测试方案',
      projectRequirements: '读屏可用',
      projectRequirementsDetails: '对比度与地标',
      html: '<h1>无障碍</h1><p>正文</p>',
    });
    user = await newVerifiedUser('a11y');
    demandId = await paidDemand(user, {
      name: '无障碍需求',
      content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
      keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
    });
  });
  afterAll(() => browser?.close());

  const signedOut = () => [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/contact',
    `/solutions/${solutionId}/view`,
    '/no-such-page',
  ];
  const signedIn = () => [
    '/',
    '/profile',
    '/profile/orders',
    '/profile/vip-application',
    '/subscription',
    '/subscription-management',
    '/requirements',
    '/demand-list',
    `/demand-store/${demandId}`,
    `/solutions/${solutionId}/view`,
  ];

  for (const locale of ['zh-CN', 'en-US']) {
    it(`finds nothing signed out (${locale})`, async () => {
      const context = await browser.newContext({ locale });
      expect(await audit(context, signedOut())).toEqual({});
      await context.close();
    });

    it(`finds nothing signed in (${locale})`, async () => {
      const { context } = await signedInPage(browser, user, locale);
      expect(await audit(context, signedIn())).toEqual({});
      await context.close();
    });
  }

  it('fits every route on a phone (375 × 812): no horizontal scroll, signed out and in', async () => {
    const overflow: string[] = [];
    const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
    const check = async (context: BrowserContext, routes: string[], who: string) => {
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${baseUrl}${route}`);
        await page.locator('main h1, main [role="status"]').first().waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
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
      }
      await page.close();
    };
    const visitor = await browser.newContext({ locale: 'zh-CN', ...phone });
    await check(visitor, signedOut(), 'visitor');
    await visitor.close();
    const { context, page } = await signedInPage(browser, user, 'zh-CN', phone);
    await page.close();
    await check(context, signedIn(), 'user');
    await context.close();
    expect(overflow).toEqual([]);
  });

  it('finds nothing in the support console', async () => {
    const admin = await loginAsAdmin();
    const { context } = await signedInPage(browser, admin);
    expect(await audit(context, ['/admin'])).toEqual({});
    await context.close();
  });

  it('finds nothing on any console tab, each with something pending (the status badges among them)', async () => {
    const applicant = await newVerifiedUser('a11ytabs');
    await requestInvoice(applicant, await paidViewOrder(applicant, solutionId));
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

  it('keeps the focus inside a dialog and gives it back to its button on Escape', async () => {
    const buyer = await newVerifiedUser('a11yfocus');
    await paidViewOrder(buyer, solutionId);
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
    const signed = await signedInPage(browser, user);
    for (const route of ['/requirements', '/subscription', `/demand-store/${demandId}`])
      await walk(signed.page, route);
    await signed.context.close();
    expect([...new Set(invisible)]).toEqual([]);
  });
});
