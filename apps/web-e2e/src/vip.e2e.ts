import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginAsAdmin, newSupport, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

async function fillApplication(page: Page, labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels)) await page.getByLabel(label).fill(value);
}

describe('the VIP application in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('applies from the profile, is reviewed by support and approved by an admin, then starts a demand and enters a stage without a fee', async () => {
    const applicant = await newVerifiedUser('vipapply');
    const { context, page } = await signedInPage(browser, applicant);
    await page.goto(`${baseUrl}/profile`);
    await page.getByText('未申请').waitFor();
    await page.getByRole('link', { name: '申请 VIP' }).click();
    await page.waitForURL(`${baseUrl}/profile/vip-application`);
    await page.getByRole('heading', { name: '申请 VIP' }).waitFor();
    // The e-mail comes from the account; the rest is checked before anything is sent.
    expect(await page.getByLabel('邮箱 *').inputValue()).toBe(applicant.email);
    await page.getByLabel('联系电话 *').fill('12ab');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('请填写公司名称').waitFor();
    expect(await page.getByText('请填写有效的电话号码（7–20 位数字，可含空格或短横线）').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('请选择所属行业').isVisible()).toBe(true);
    expect(await page.getByText('请至少用 20 个字说明您想用需求工坊做什么').isVisible()).toBe(true);
    await snap(page, 'vip-01-form-errors');

    await fillApplication(page, {
      '公司名称 *': '杭州鲜达冷链有限公司',
      '联系人 *': '王芳',
      '联系电话 *': '138 0013 8000',
      '您希望用需求工坊做什么 *': '社区团购冷链配送的损耗率偏高，想用需求工坊梳理改进方案并分阶段落地。',
    });
    await page.getByLabel('所属行业 *').selectOption('logistics');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('申请审核中').waitFor();
    expect(await page.getByText('杭州鲜达冷链有限公司 · 物流 · 王芳').isVisible()).toBe(true);
    await snap(page, 'vip-02-pending');

    // Support reviews it in the console and cannot approve: a role change is an admin's, who approves it.
    const support = await signedInPage(browser, await newSupport());
    await support.page.goto(`${baseUrl}/admin`);
    await support.page.getByRole('tab', { name: 'VIP 申请' }).click();
    const seen = support.page.getByTestId('vip-application-row').filter({ hasText: applicant.user.username });
    await seen.getByText('通过申请需由管理员操作（会改变用户角色）。').waitFor();
    expect(await seen.getByRole('button', { name: '通过' }).count()).toBe(0);
    await snap(support.page, 'vip-03-console-pending');
    await support.context.close();
    const admin = await signedInPage(browser, await loginAsAdmin());
    admin.page.on('dialog', (d) => void d.accept());
    await admin.page.goto(`${baseUrl}/admin`);
    await admin.page.getByRole('tab', { name: 'VIP 申请' }).click();
    const row = admin.page.getByTestId('vip-application-row').filter({ hasText: applicant.user.username });
    await row.getByRole('button', { name: '拒绝' }).click();
    await row.getByText('拒绝时请填写理由，申请人会看到它。').waitFor();
    await row.getByLabel('备注 / 拒绝理由').fill('欢迎加入');
    await row.getByRole('button', { name: '通过' }).click();
    await admin.page.getByText(`已通过，${applicant.user.username} 现在是 VIP`).waitFor();
    await admin.context.close();

    // The open page hears of it: its session is renewed with the new role, and the bell shows the message (one
    // more unread than the welcome). Only then is the page reloaded, so that the reload does not cut the renewal.
    await expect.poll(() => page.getByTestId('unread-badge').textContent(), { timeout: 15_000 }).toBe('2');
    await page.goto(`${baseUrl}/profile/vip-application`);
    await page.getByText('您已是 VIP 用户，可以直接进入需求工坊。').waitFor();
    await snap(page, 'vip-04-approved');
    await page.getByRole('link', { name: '进入需求工坊' }).click();
    await page.getByText('VIP 用户使用启动额度，无需支付（剩余 3 次）。').waitFor();
    await page
      .getByLabel('需求描述')
      .fill('社区团购冷链配送损耗率8%，车辆利用率不足60%，希望优化线路和温控降低损耗。');
    await page.getByLabel('关键价值点').fill('损耗率从8%降到4%，车辆利用率提升到80%，配送准时率达到98%。');
    await page.getByRole('button', { name: '使用 VIP 额度提交' }).click();
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    const startup = page.getByTestId('stage-output-Startup');
    await startup.waitFor({ timeout: 30_000 });
    await startup.getByRole('checkbox').nth(0).check();
    const enter = page.getByTestId('enter-stage');
    await enter.getByText('VIP 用户免费进入该阶段。').waitFor();
    await enter.getByRole('button', { name: 'VIP 免费进入' }).click();
    await page.getByTestId('stage-output-Preparation').waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('shows the form and its errors in English to an English reader', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('vipen'), 'en-US');
    await page.goto(`${baseUrl}/profile/vip-application`);
    await page.getByRole('heading', { name: 'Apply for VIP' }).waitFor();
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('Please enter the company name.').waitFor();
    expect(await page.getByText('Please choose an industry.').isVisible()).toBe(true);
    await snap(page, 'vip-05-form-en');
    await context.close();
  });
});
