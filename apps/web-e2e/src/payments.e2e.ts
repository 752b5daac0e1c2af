import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSolutionAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

describe('paying through the sandbox gateway in the browser', () => {
  let browser: Browser;
  let solutionId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    solutionId = await createSolutionAsAdmin({
      projectName: '冷链物流温控方案',
      projectRequirements: '冷链运输途中温度波动大',
      projectRequirementsDetails: '全程温度可追溯',
      html: '<h1>冷链温控方案</h1><p>全程监控。</p>',
    });
  });
  afterAll(() => browser?.close());

  it('takes a free reader from the paywall through the sandbox cashier back to the unlocked solution', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('ppv'));
    await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
    await page.getByRole('button', { name: '单次购买' }).click();

    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('heading', { name: '沙箱收银台' }).waitFor();
    expect(await page.getByText('¥5.00').isVisible()).toBe(true);
    await snap(page, 'payments-01-sandbox-cashier');
    await page.getByRole('button', { name: '模拟支付成功' }).click();

    await page.waitForURL(/\/payment\/return\?order_id=/);
    await page.getByText('支付成功').waitFor();
    // The return page's ways out (customer-area §6): the profile, home and contact.
    expect(await page.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe('/contact');
    await snap(page, 'payments-02-return-success');
    // The return page moves on by itself to the solution, which now opens.
    await page.waitForURL(`${baseUrl}/solutions/${solutionId}/view`);
    await page
      .frameLocator('iframe[title="方案文档"]')
      .getByRole('heading', { name: '冷链温控方案' })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pendingPaymentInfo'))).toBeNull();
    await snap(page, 'payments-03-unlocked');

    // The purchase is in the reader's orders, linked back to the solution.
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('link', { name: '我的订单' }).click();
    await page.waitForURL(`${baseUrl}/profile/orders`);
    const order = page.getByTestId('my-order').first();
    await order.getByText('已支付').waitFor();
    expect(await order.textContent()).toContain('¥5.00');
    await snap(page, 'payments-05-my-orders');
    await order.getByRole('link').click();
    await page.waitForURL(`${baseUrl}/solutions/${solutionId}/view`);
    await context.close();
  });

  it('subscribes to a plan, shows the user as paid, and cancels in subscription management', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('sub'));
    await page.goto(`${baseUrl}/subscription`);
    await page.getByRole('heading', { name: '选择您的订阅套餐' }).waitFor();
    const enterprise = page.getByTestId('plan-card').filter({ hasText: '企业定制版' });
    expect(await enterprise.getByRole('button', { name: '暂未开放' }).isDisabled()).toBe(true);
    await snap(page, 'payments-04-plans');
    await page.getByTestId('plan-card').filter({ hasText: '专业版（月付）' }).getByRole('button').click();

    await page.waitForURL(`${baseUrl}/payment`);
    await page.getByRole('heading', { name: '确认支付' }).waitFor();
    expect(await page.getByTestId('checkout-price').textContent()).toBe('¥99.00/月');
    expect(await page.getByLabel('支付宝').isChecked()).toBe(true);
    await snap(page, 'payments-05-checkout');
    await page.getByRole('button', { name: '确认订阅' }).click();

    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(`${baseUrl}/subscription-management`);
    expect(await page.getByTestId('subscription-plan').textContent()).toBe('专业版（月付）');
    expect(await page.getByTestId('subscription-status').textContent()).toBe('生效中');

    await page.goto(`${baseUrl}/profile`);
    await page.getByText('已付费').waitFor();
    await snap(page, 'payments-06-profile-paid');

    await page.getByRole('link', { name: '订阅管理' }).first().click();
    await page.getByRole('button', { name: '取消订阅' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认取消' }).click();
    await page.getByText('您的订阅已取消。').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('subscription-status').textContent()).toBe('已取消');
    await snap(page, 'payments-07-canceled');
    // Access lasts to the period end.
    await page.goto(`${baseUrl}/profile`);
    await page.getByText('已付费').waitFor();
    await context.close();
  });

  it('renews the same plan in one click from the expiry reminder’s link', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('renew'));
    const plans = (await (await fetch(`${baseUrl}/api/users/subscriptions/plans`)).json()) as {
      id: string;
      planName: string;
    }[];
    const plan = plans.find((p) => p.planName === '专业版（月付）')!;
    // The link the 3-days-before reminder carries (its message is tested in the API suite).
    await page.goto(`${baseUrl}/payment?plan=${plan.id}`);
    await page.getByRole('heading', { name: '确认支付' }).waitFor();
    expect(await page.getByTestId('checkout-plan').textContent()).toContain('专业版（月付）');
    expect(await page.getByTestId('checkout-price').textContent()).toBe('¥99.00/月');
    await snap(page, 'payments-08-renewal');
    await page.getByRole('button', { name: '确认订阅' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(`${baseUrl}/subscription-management`);
    expect(await page.getByTestId('subscription-plan').textContent()).toBe('专业版（月付）');

    // A plan that does not exist (an old link) says so and leads to the plans.
    await page.goto(`${baseUrl}/payment?plan=00000000-0000-4000-8000-000000000000`);
    await page.getByText('未选择订阅套餐').waitFor();
    await context.close();
  });

  it('shows a failed sandbox payment as failed', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('fail'));
    await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
    await page.getByRole('button', { name: '单次购买' }).click();
    await page.getByRole('button', { name: '模拟支付失败' }).click();
    await page.getByText('支付失败或已取消').waitFor();
    await snap(page, 'payments-08-failed');
    await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
    await page.getByRole('heading', { name: '访问受限' }).waitFor();
    await context.close();
  });
});
