import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createSolutionAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** Buys a plan through the sandbox cashier as a script would (create-order, then the cashier's pay button). */
async function buyPlan(token: string, planName: string) {
  const plans = await call<{ id: string; name: string }[]>('GET', '/api/users/subscriptions/plans');
  const plan = plans.find((p) => p.name === planName)!;
  const order = await call<{ paymentUrl: string }>(
    'POST',
    '/api/payments/alipay/create-order',
    { paymentType: 'subscription', priceId: plan.id },
    token,
  );
  const paid = await fetch(`${baseUrl}${order.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
}

/** Contract §12 "Plans change at once", in the browser. */
describe('changing plans', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('lets a Professional subscriber at the daily limit buy VIP and read on at once, and says when a plan starts', async () => {
    const reader = await newVerifiedUser('upgrade');
    await buyPlan(reader.access_token, '专业版（年付）');
    // Today's 20 views spent, each a different solution.
    const { list } = await call<{ list: { _id: string }[] }>('GET', '/api/solutions/search?pageSize=30');
    for (const s of list.slice(0, 20)) {
      const read = await fetch(`${baseUrl}/api/solutions/${s._id}/view`, {
        headers: { authorization: `Bearer ${reader.access_token}` },
      });
      expect(read.status).toBe(200);
    }
    const next = await createSolutionAsAdmin({
      projectName: '会员升级后继续阅读的方案',
      projectRequirements: '升级立即生效',
      projectRequirementsDetails: '当前套餐剩余天数抵扣',
      html: '<h1>会员升级后继续阅读的方案</h1>',
    });

    const { context, page } = await signedInPage(browser, reader);
    await page.goto(`${baseUrl}/solutions/${next}/view`);
    await page.getByTestId('paywall-views-left').waitFor();
    await page.getByTestId('plan-card').filter({ hasText: 'VIP 会员（年付）' }).getByRole('button').click();
    await page.waitForURL(`${baseUrl}/payment`);
    // The year of Professional just bought is credited in full: ¥2,999 less ¥999.
    const terms = page.getByTestId('checkout-terms');
    await terms.getByText('升级立即生效，当前套餐同时结束。').waitFor();
    await terms.getByText('当前套餐未使用的天数已抵扣 ¥999.00。').waitFor();
    expect(await page.getByTestId('checkout-price').textContent()).toBe('¥2000.00');
    await snap(page, 'plans-01-upgrade-credit');
    await page.getByRole('button', { name: '确认订阅' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByText('¥2000.00').waitFor();
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(/\/payment\/return\?order_id=|\/subscription-management$/);

    // Read on at once: the document opens, no paywall.
    await page.goto(`${baseUrl}/solutions/${next}/view`);
    await page
      .frameLocator('iframe[title="方案文档"]')
      .getByRole('heading', { name: '会员升级后继续阅读的方案' })
      .waitFor();
    await snap(page, 'plans-02-reading-after-upgrade');

    // A plan that lifts nothing VIP has starts when VIP ends, and the checkout says the day; the same on a phone.
    await context.close();
    const phone = await signedInPage(browser, reader, 'en-US', {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.page.goto(`${baseUrl}/subscription`);
    await phone.page
      .getByTestId('plan-card')
      .filter({ hasText: 'Professional (monthly)' })
      .getByRole('button')
      .click();
    await phone.page.waitForURL(`${baseUrl}/payment`);
    const later = phone.page.getByTestId('checkout-terms');
    await later
      .getByText(/^Starts when your current plan ends: the new plan runs from \w+ \d{1,2}, \d{4}/)
      .waitFor();
    expect(await later.textContent()).toContain(String(new Date().getFullYear() + 1));
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(phone.page, 'plans-03-starts-later-375');
    await phone.context.close();
  });
});
