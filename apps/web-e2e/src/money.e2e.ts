import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createSolutionAsAdmin, loginAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';
import { UA } from '../../api/test/support/user-agents';

const baseUrl = inject('baseUrl');

const DEMAND = {
  content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
  points: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
};

/** From the plans page to the checkout of the plan whose card says `plan`. */
async function checkoutOf(page: Page, plan: string) {
  await page.goto(`${baseUrl}/subscription`);
  await page.getByTestId('plan-card').filter({ hasText: plan }).getByRole('button').click();
  await page.waitForURL(`${baseUrl}/payment`);
}

/** Issue 32 in the browser: the price shown is the price charged, and every payment has a way back. */
describe('honest money in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('shows an English reader paying by wallet one currency throughout: checkout, cashier, result', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('enwallet'), 'en-US');
    await checkoutOf(page, 'Basic (monthly)');
    expect(await page.getByLabel('Alipay').isChecked()).toBe(true);
    expect(await page.getByTestId('checkout-price').textContent()).toBe('¥39.00');
    await page.getByText('about $6.00').waitFor();
    await snap(page, 'money-01-checkout-en-wallet');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();

    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByText('¥39.00').waitFor();
    expect(await page.getByText('$6.00').count()).toBe(0);
    await snap(page, 'money-02-cashier-en');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/payment\/return\?order_id=/);
    expect(await page.getByTestId('order-amount').textContent()).toBe('¥39.00');
    await context.close();
  });

  it('pays a plan by WeChat QR in the sandbox: the code is scanned elsewhere, and the page moves on once paid', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('wechatqr'));
    await checkoutOf(page, '基础版（月付）');
    await page.getByLabel('微信支付').check();
    expect(await page.getByTestId('checkout-price').textContent()).toBe('¥39.00/月');
    await page.getByRole('button', { name: '确认订阅' }).click();
    const qr = page.getByTestId('wechat-qr');
    await qr.getByRole('img', { name: '微信支付二维码' }).waitFor();
    await qr.getByText('请使用微信扫描二维码，支付 ¥39.00/月').waitFor();
    await snap(page, 'money-06-wechat-qr');
    // The code is the sandbox cashier's address: "scanned" in another tab, where the buyer pays.
    const codeUrl = (await qr.getByRole('link').getAttribute('href'))!;
    expect(codeUrl).toMatch(/\/api\/payments\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    const phone = await context.newPage();
    await phone.goto(codeUrl);
    await phone.getByRole('button', { name: '模拟支付成功' }).click();
    // The checkout polled the order and moved on by itself.
    await page.waitForURL(/\/payment\/return\?order_id=/);
    await page.getByText('支付成功').waitFor();
    await context.close();
  });

  it('pays on a phone (375 px) by WeChat H5 and by Alipay WAP in the sandbox, the checkout fitting the screen', async () => {
    const phone = {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      userAgent: UA.iphone,
    };
    const { context, page } = await signedInPage(browser, await newVerifiedUser('phonepay'), 'zh-CN', phone);
    for (const [method, shot] of [
      ['微信支付', 'money-07-phone-wechat'],
      ['支付宝', 'money-08-phone-alipay'],
    ] as const) {
      await checkoutOf(page, '基础版（月付）');
      // Without WeChat Pay's keys, a phone starts on Alipay (the sandbox standing in is no reason to prefer WeChat).
      expect(await page.getByLabel('支付宝').isChecked()).toBe(true);
      await page.getByLabel(method).check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await snap(page, shot);
      await page.getByRole('button', { name: '确认订阅' }).click();
      // A phone's browser is sent on (WeChat H5, Alipay WAP): here the sandbox cashier stands in for both.
      await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
      await page.getByRole('button', { name: '模拟支付成功' }).click();
      await page.waitForURL(/\/payment\/return\?order_id=|\/subscription-management$/);
    }
    await context.close();
  });

  it('offers a failed payment a retry that reaches the cashier again, for the same plan', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('retry'));
    await checkoutOf(page, '基础版（月付）');
    await page.getByRole('button', { name: '确认订阅' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付失败' }).click();

    await page.waitForURL(/\/payment\/return\?order_id=/);
    await page.getByText('支付失败或已取消').waitFor();
    await snap(page, 'money-03-failed-retry');
    await page.getByRole('link', { name: '重新支付' }).click();
    await page.waitForURL(/\/payment\?plan=/);
    expect(await page.getByTestId('checkout-plan').textContent()).toBe('基础版（月付）');
    await page.getByRole('button', { name: '确认订阅' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付成功' }).waitFor();
    await context.close();
  });

  it('pays a pending order from /profile/orders as it is, and cancels another', async () => {
    const user = await newVerifiedUser('pending');
    const solutionId = await createSolutionAsAdmin({
      projectName: '门店智能补货方案',
      projectRequirements: '门店缺货与积压并存',
      projectRequirementsDetails: '销量预测驱动补货',
      html: '<h1>门店智能补货方案</h1>',
    });
    // Left at the cashier: two pending orders, one for this solution.
    const left = await call<{ orderId: string }>(
      'POST',
      '/api/solutions/initiate-solution-payment',
      { solutionId },
      user.access_token,
    );
    const other = await createSolutionAsAdmin({
      projectName: '冷链仓储温控方案',
      projectRequirements: '冷库温度波动',
      projectRequirementsDetails: '温控告警',
      html: '<h1>冷链仓储温控方案</h1>',
    });
    await call('POST', '/api/solutions/initiate-solution-payment', { solutionId: other }, user.access_token);

    const { context, page } = await signedInPage(browser, user);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseUrl}/profile/orders`);
    const paying = page.getByTestId('my-order').filter({ hasText: '门店智能补货方案' });
    // The order names what it bought.
    await paying.getByText('单次查看方案（30 天）：门店智能补货方案').waitFor();
    const cancelling = page.getByTestId('my-order').filter({ hasText: '冷链仓储温控方案' });
    await cancelling.getByRole('button', { name: '取消订单' }).click();
    await cancelling.getByText('已取消').waitFor();
    await snap(page, 'money-04-pending-orders');

    await paying.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL(new RegExp(`/api/payments/sandbox/checkout/${left.orderId}$`));
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(`${baseUrl}/solutions/${solutionId}/view`);
    await page
      .frameLocator('iframe[title="方案文档"]')
      .getByRole('heading', { name: '门店智能补货方案' })
      .waitFor();
    await context.close();
  });

  it('does not send a second demand to the first after a paid start-up', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('second'));
    await page.goto(`${baseUrl}/requirements`);
    await page.getByLabel('需求描述').fill(DEMAND.content);
    await page.getByLabel('关键价值点').fill(DEMAND.points);
    await page.getByRole('button', { name: '提交需求' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    // The return page forgot the start-up payment it settled.
    expect(await page.evaluate(() => localStorage.getItem('pendingStartupPayment'))).toBeNull();

    await page.goto(`${baseUrl}/requirements`);
    await page.getByLabel('需求描述').waitFor();
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${baseUrl}/requirements`);
    expect(await page.getByText('启动费用已支付').count()).toBe(0);
    await context.close();
  });

  it('tells a VIP with no start-ups left that the demand needs the start-up fee, before they submit', async () => {
    const user = await newVerifiedUser('vipnone');
    const admin = await loginAsAdmin();
    await call(
      'PATCH',
      `/api/admin/users/${user.user.id}`,
      { role: 'vip', vipStartupQuota: 0 },
      admin.access_token,
    );
    const { context, page } = await signedInPage(browser, { ...user, user: { ...user.user, role: 'vip' } });
    await page.goto(`${baseUrl}/requirements`);
    const told = page.getByTestId('vip-no-startups');
    await told.waitFor();
    expect(await told.textContent()).toContain('¥29.00');
    await snap(page, 'money-05-vip-no-startups');
    await page.getByLabel('需求描述').fill(DEMAND.content);
    await page.getByLabel('关键价值点').fill(DEMAND.points);
    // Not offered as free: the ordinary submit, and then the cashier for the fee it was told of.
    await page.getByRole('button', { name: '提交需求' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByText('¥29.00').waitFor();
    await context.close();
  });
});
