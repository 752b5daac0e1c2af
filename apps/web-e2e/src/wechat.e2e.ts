import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWechatOAuth } from '../../api/test/fakes/wechat-oauth';
import { newVerifiedUser } from './support/api';
import { IN_WECHAT, launchChromium, signedInPage, snap } from './support/browser';
import { startApiReplica } from './support/server';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const TEXTS = {
  'zh-CN': {
    button: '微信登录',
    accept: '同意并继续',
    security: '资料与安全',
    linked: '已绑定，可用微信扫码或在微信内一键登录',
    link: '绑定微信',
    linkedNotice: '微信已绑定，以后可用微信登录',
    taken: '这个微信已用于另一个账户的登录：请先在那个账户解除绑定',
    unlink: '解除绑定',
    confirmUnlink: '确定解除',
    unlinked: '已解除微信绑定',
  },
  'en-US': {
    button: 'Sign in with WeChat',
    accept: 'Accept and continue',
    security: 'Profile and security',
    linked: 'Linked: you can sign in by scanning with WeChat, or in one tap inside WeChat',
    link: 'Link WeChat',
    linkedNotice: 'WeChat is linked: you can sign in with it from now on',
    taken: 'This WeChat already signs in to another account: unlink it there first',
    unlink: 'Unlink',
    confirmUnlink: 'Unlink',
    unlinked: 'WeChat is unlinked',
  },
} as const;

/**
 * Contract §12 "WeChat" in the browser: the QR sign-in on a desktop, straight to WeChat's OAuth inside WeChat, and
 * linking from the account page; WeChat is a local fake that agrees at once, served beside an API replica.
 */
describe.each(Object.entries(TEXTS))('WeChat sign-in (%s)', (locale, text) => {
  const wechat = new FakeWechatOAuth();
  let replica: Awaited<ReturnType<typeof startApiReplica>>;
  let browser: Browser;
  beforeAll(async () => {
    await wechat.start();
    replica = await startApiReplica(wechat.env());
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await replica?.stop();
    await wechat.stop();
  });

  it('signs in by the website QR on a desktop, a new account that accepts the terms first', async () => {
    wechat.consenting = wechat.person();
    const context = await browser.newContext({ locale, ...DESKTOP });
    const page = await context.newPage();
    await page.goto(`${replica.baseUrl}/login`);
    await snap(page, `wechat-login-${locale}`);
    await page.getByRole('button', { name: text.button }).click();
    await page.getByRole('button', { name: text.accept }).click();
    await page.waitForURL(`${replica.baseUrl}/profile`);
    await page.getByText(text.linked).waitFor();
    expect(wechat.authorisations.at(-1)).toMatchObject({
      path: '/connect/qrconnect',
      query: { scope: 'snsapi_login' },
    });
    await context.close();
  });

  it('goes straight to WeChat’s OAuth inside WeChat and comes back to the page it left, at 375 px', async () => {
    wechat.consenting = wechat.person();
    const context = await browser.newContext({ locale, ...IN_WECHAT });
    const page = await context.newPage();
    await page.goto(`${replica.baseUrl}/login?redirect=/profile/library`);
    await page.getByRole('button', { name: text.accept }).click();
    await page.waitForURL(`${replica.baseUrl}/profile/library`);
    expect(wechat.authorisations.at(-1)).toMatchObject({
      path: '/connect/oauth2/authorize',
      query: { scope: 'snsapi_userinfo', appid: wechat.mp.appId },
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, `wechat-in-wechat-${locale}`);
    await context.close();
  });

  it('links WeChat from the account page, refuses one another account holds, and unlinks', async () => {
    const person = wechat.person();
    wechat.consenting = person;
    const user = await newVerifiedUser('wxlink');
    const { context, page } = await signedInPage(browser, user, locale, IN_WECHAT);
    await page.goto(`${replica.baseUrl}/profile`);
    await page.getByRole('button', { name: text.link }).click();
    await page.getByText(text.linkedNotice).waitFor();
    await page.getByText(text.linked).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await snap(page, `wechat-linked-${locale}`);

    const other = await newVerifiedUser('wxother');
    const second = await signedInPage(browser, other, locale, IN_WECHAT);
    await second.page.goto(`${replica.baseUrl}/profile`);
    await second.page.getByRole('button', { name: text.link }).click();
    await second.page.getByText(text.taken).waitFor();
    await snap(second.page, `wechat-link-taken-${locale}`);
    await second.context.close();

    await page.getByRole('button', { name: text.unlink }).click();
    await page.getByRole('button', { name: text.confirmUnlink, exact: true }).click();
    await page.getByText(text.unlinked).waitFor();
    await page.getByRole('button', { name: text.link }).waitFor();
    await context.close();
  });
});
