import type { WechatPayParams } from '@think-tank/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatOAuth } from '../../api/test/fakes/wechat-oauth';
import { FakeWechatPay } from '../../api/test/fakes/wechatpay-platform';
import { call, createSolutionAsAdmin, newVerifiedUser } from './support/api';
import { IN_WECHAT, launchChromium, signedInPage, snap } from './support/browser';
import { startApiReplica } from './support/server';

const TEXTS = {
  'zh-CN': {
    buy: '单次购买',
    paid: '支付成功',
    alipay: '支付宝',
    guide: '微信内无法打开支付宝',
    payNow: /立即支付|确认订阅/,
  },
  'en-US': {
    buy: 'Buy this one',
    paid: 'Payment succeeded',
    alipay: 'Alipay',
    guide: 'Alipay cannot open inside WeChat',
    payNow: /Pay now|Confirm subscription/,
  },
} as const;

/**
 * Contract §12 "Paying inside WeChat", in WeChat's browser at 375 px: the pay-per-view asks WeChat who pays (a
 * silent authorisation), then opens WeChat's cashier through WeixinJSBridge, stood in for here by a script that
 * checks paySign with the merchant's key and pays at the fake WeChat Pay, whose notify settles the order. Alipay,
 * which WeChat blocks, shows how to open the page in the phone's browser instead.
 */
describe.each(Object.entries(TEXTS))('paying inside WeChat (%s, 375 px)', (locale, text) => {
  const pay = new FakeWechatPay();
  const oauth = new FakeWechatOAuth(pay.appid);
  let replica: Awaited<ReturnType<typeof startApiReplica>>;
  let browser: Browser;
  let solutionId = '';

  beforeAll(async () => {
    await oauth.start();
    const payUrl = await pay.start();
    replica = await startApiReplica({ ...pay.env(payUrl), ...oauth.env() });
    browser = await launchChromium();
    solutionId = await createSolutionAsAdmin({
      // Words no other test searches for: the library is shared by every file of the run.
      projectName: '社区团购拼单履约方案',
      projectRequirements: '团购订单晚间集中，拼单履约慢',
      projectRequirementsDetails: '按小区合单发货',
      html: '<h1>社区团购拼单</h1><p>按小区合单。</p>',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await replica?.stop();
    await Promise.all([pay.stop(), oauth.stop()]);
  });

  it('asks WeChat who pays, then pays a view by JSAPI and opens the solution', async () => {
    oauth.consenting = oauth.person();
    const { context, page } = await signedInPage(browser, await newVerifiedUser('wxpay'), locale, IN_WECHAT);
    const cashier: WechatPayParams[] = [];
    // WeChat's cashier: it checks the merchant's paySign, the buyer pays, WeChat Pay's notify reaches the API.
    await context.exposeBinding('wxPayStandIn', async (_source, params: WechatPayParams) => {
      cashier.push(params);
      if (!pay.checkPaySign(params)) return 'get_brand_wcpay_request:fail';
      const tradeNo = pay.prepays.get(params.package.replace('prepay_id=', ''))!;
      const trade = pay.trades.get(tradeNo)!;
      const paid = pay.paid(tradeNo, trade.total, { trade_type: 'JSAPI' });
      Object.assign(trade, { state: 'SUCCESS', transactionId: paid.transaction_id });
      const n = pay.notify(paid);
      const res = await fetch(`${replica.baseUrl}/api/payments/wechatpay/notify`, {
        method: 'POST',
        headers: { ...n.headers, 'content-type': 'application/json' },
        body: n.body,
      });
      return res.status === 204 ? 'get_brand_wcpay_request:ok' : 'get_brand_wcpay_request:fail';
    });
    await context.addInitScript(() => {
      const standIn = (window as unknown as { wxPayStandIn: (p: unknown) => Promise<string> }).wxPayStandIn;
      (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
        invoke: (_name: string, params: unknown, done: (res: { err_msg: string }) => void) =>
          void standIn(params).then((errMsg) => done({ err_msg: errMsg })),
      };
    });

    const view = `${replica.baseUrl}/solutions/${solutionId}/view`;
    await page.goto(view);
    await page.getByRole('button', { name: text.buy }).waitFor();
    await snap(page, `wechat-pay-paywall-${locale}`);
    await page.getByRole('button', { name: text.buy }).click();
    // No openid yet: WeChat's silent authorisation, and back to the same page.
    await expect.poll(() => oauth.authorisations.length).toBe(1);
    expect(oauth.authorisations[0]).toMatchObject({ query: { scope: 'snsapi_base', appid: pay.appid } });
    await page.waitForURL(view);
    await page.getByRole('button', { name: text.buy }).click();
    await page.waitForURL(/\/payment\/return\?orderId=/);
    await page.getByText(text.paid).waitFor();
    await snap(page, `wechat-pay-paid-${locale}`);
    expect(cashier).toHaveLength(1);
    expect(cashier[0]).toMatchObject({ appId: pay.appid, signType: 'RSA' });
    await page.waitForURL(view);
    await page.frameLocator('iframe').getByRole('heading', { name: '社区团购拼单' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('shows how to open the page in the phone’s browser when Alipay is picked', async () => {
    const plans = await call<{ id: string; isValid: boolean; periodType: string }[]>(
      'GET',
      '/api/users/subscriptions/plans',
    );
    const plan = plans.find((p) => p.isValid && p.periodType === 'monthly')!;
    const { context, page } = await signedInPage(browser, await newVerifiedUser('wxali'), locale, IN_WECHAT);
    await page.goto(`${replica.baseUrl}/payment?plan=${plan.id}`);
    // WeChat Pay comes first inside WeChat; the buyer picks Alipay instead.
    await page.waitForFunction(() => (document.getElementById('method-wechat') as HTMLInputElement)?.checked);
    await page.getByLabel(text.alipay).check();
    await page.getByTestId('open-in-browser').getByText(text.guide).waitFor();
    expect(await page.getByRole('button', { name: text.payNow }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, `wechat-alipay-guide-${locale}`);
    await context.close();
  });
});
