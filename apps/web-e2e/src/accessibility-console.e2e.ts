import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  applyForVip,
  createSolutionAsAdmin,
  loginAsAdmin,
  newVerifiedUser,
  paidViewOrder,
  requestInvoice,
} from './support/api';
import { audit, violations } from './support/axe';
import { launchChromium, signedInPage } from './support/browser';

const baseUrl = inject('baseUrl');

// Apart from accessibility.e2e.ts's sweep of the customer routes, so that the browser suite runs the two side by side:
// together they were its longest file.
describe('accessibility: axe-core on the support console and each of its tabs', () => {
  let browser: Browser;
  let solutionId: string;
  beforeAll(async () => {
    browser = await launchChromium();
    // An order to invoice: the invoices tab then has a pending row.
    solutionId = await createSolutionAsAdmin({
      projectName: '控制台逐页检查方案',
      projectRequirements: '读屏可用',
      projectRequirementsDetails: '对比度与地标',
      html: '<h1>无障碍</h1><p>正文</p>',
    });
  });
  afterAll(() => browser?.close());

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
});
