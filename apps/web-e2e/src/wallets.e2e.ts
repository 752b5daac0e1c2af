import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripeApi } from '../../api/test/fakes/stripe-api';
import { call, loginAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';
import { startApiReplica } from './support/server';
import { standInForStripeJs, standInRecord, type WalletSupport } from './support/stripe-js';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const ANDROID: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

/**
 * Apple Pay and Google Pay through Stripe (issue 33) in the browser. Stripe is configured on an API replica of its
 * own (its REST API a local fake, Stripe.js a local stand-in), so the shared server's other tests keep the sandbox.
 */
describe('Apple Pay and Google Pay through Stripe in the browser', () => {
  const stripeApi = new FakeStripeApi();
  const plan = {
    code: `wallet_pack_${Date.now().toString(36)}`,
    name: '报告包（一次性）',
    nameEn: 'Report pack (one-time)',
    benefits: ['30 天内每天可阅读 20 个方案全文'],
    benefitsEn: ['20 full solutions a day for 30 days'],
    priceCny: 5900,
    priceUsd: 900,
    periodType: 'one_time',
    tier: 1,
    isVip: false,
    dailyViewLimit: 20,
    stageFeeDiscount: 0,
    favouritesAndHistory: false,
    isValid: true,
    popular: false,
    stripePriceId: null,
    alipayProductCode: null,
    sortOrder: 90,
  };
  let planId: string;
  let replica: Awaited<ReturnType<typeof startApiReplica>>;
  let browser: Browser;

  beforeAll(async () => {
    await stripeApi.start();
    replica = await startApiReplica({
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_API_URL: stripeApi.url,
    });
    const admin = await loginAsAdmin();
    planId = (await call<{ id: string }>('POST', '/api/admin/plans', plan, admin.access_token)).id;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    // Bought, the plan stays on record; it is taken off sale so that no later test meets it.
    const admin = await loginAsAdmin();
    if (planId)
      await call('PUT', `/api/admin/plans/${planId}`, { ...plan, isValid: false }, admin.access_token);
    await replica?.stop();
    await stripeApi.stop();
  });

  /** An English reader at the plan's checkout on the replica, the browser able to pay as `support` says. */
  async function checkout(name: string, support: WalletSupport, device: BrowserContextOptions) {
    const { context, page } = await signedInPage(browser, await newVerifiedUser(name), 'en-US', device);
    await standInForStripeJs(context, support);
    await page.goto(`${replica.baseUrl}/subscription`);
    await page.getByTestId('plan-card').filter({ hasText: plan.nameEn }).getByRole('button').click();
    await page.waitForURL(`${replica.baseUrl}/payment`);
    // Stripe.js loaded: the card is on offer; and the browser has been asked whether it can pay by wallet.
    await page.getByLabel('Credit card', { exact: true }).waitFor();
    await page.waitForFunction(
      () => (window as { __stripeStandIn?: { asked: number } }).__stripeStandIn?.asked,
    );
    return { context, page };
  }

  async function payByWallet(page: Page, wallet: string, shot: string) {
    // Alipay, picked first, charges yuan; the wallet button says its own price, the plan's dollars, which its
    // sheet asks for and the card path charges.
    expect(await page.getByTestId('checkout-price').textContent()).toBe('¥59.00');
    await page.getByText(`Pay $9.00 with ${wallet} in one step`).waitFor();
    expect((await standInRecord(page)).requests).toEqual([
      { country: 'US', currency: 'usd', total: { label: plan.nameEn, amount: 900 } },
    ]);
    await snap(page, shot);
    await page.getByRole('button', { name: `Pay with ${wallet}` }).click();

    await page.waitForURL(/\/payment\/return\?order_id=/);
    await page.getByText('Payment succeeded').waitFor();
    expect(await page.getByTestId('order-amount').textContent()).toBe('$9.00');
    expect((await standInRecord(page)).completed).toEqual(['success']);
    // One PaymentIntent at Stripe, for that amount, with the wallet's payment method.
    const orderId = new URL(page.url()).searchParams.get('order_id');
    const intents = stripeApi.calls.filter(
      (c) => c.path === '/v1/payment_intents' && c.form.get('metadata[orderId]') === orderId,
    );
    expect(
      intents.map((c) => [c.form.get('amount'), c.form.get('currency'), c.form.get('payment_method')]),
    ).toEqual([['900', 'usd', 'pm_card_visa']]);
    // Support sees the order paid through Stripe, by that wallet.
    const admin = await loginAsAdmin();
    expect(await call('GET', `/api/admin/orders/${orderId}`, undefined, admin.access_token)).toMatchObject({
      status: 'paid',
      gateway: 'stripe',
      method: wallet.toLowerCase().replace(' ', ''),
    });
  }

  it('offers Apple Pay on a desktop whose browser can pay so, and pays the plan at the price shown', async () => {
    const { context, page } = await checkout('applepay', { applePay: true }, DESKTOP);
    await page.getByTestId('wallet-applepay').waitFor();
    await payByWallet(page, 'Apple Pay', 'wallets-01-applepay-1280');
    await context.close();
  });

  it('offers Google Pay on a 375 px phone whose browser can pay so, the checkout fitting the screen', async () => {
    const { context, page } = await checkout('googlepay', { googlePay: true }, ANDROID);
    await page.getByTestId('wallet-googlepay').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await payByWallet(page, 'Google Pay', 'wallets-02-googlepay-375');
    await context.close();
  });

  it('shows no wallet button where the browser cannot pay so, the card still on offer', async () => {
    for (const [device, size] of [
      [DESKTOP, 1280],
      [ANDROID, 375],
    ] as const) {
      const { context, page } = await checkout(`nowallet${size}`, null, device);
      expect(await page.locator('[data-testid^="wallet-"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Apple Pay|Google Pay/ }).count()).toBe(0);
      expect(await page.getByLabel('Credit card', { exact: true }).isEnabled()).toBe(true);
      await snap(page, `wallets-03-none-${size}`);
      await context.close();
    }
  });
});
