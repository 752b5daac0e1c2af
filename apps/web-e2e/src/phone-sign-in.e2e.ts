import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailedCode } from './support/api';
import { launchChromium, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
let seq = 0;
/** A number nobody has used in this run (139 + the time + a sequence). */
const newNumber = () => `139${String(Date.now()).slice(-4)}${String(++seq).padStart(4, '0')}`;

const TEXTS = {
  'zh-CN': {
    registerTab: '手机号注册',
    loginTab: '手机号登录',
    number: '手机号 *',
    code: '短信验证码 *',
    getCode: '获取验证码',
    signUp: '注册并登录',
    signIn: '登录',
    newNumber: '首次使用该手机号将为您注册账户：请先阅读并同意服务条款和隐私政策',
    accept: /我已阅读并同意/,
    security: '资料与安全',
  },
  'en-US': {
    registerTab: 'Mobile number',
    loginTab: 'Mobile number',
    number: 'Mobile number *',
    code: 'Code from the text *',
    getCode: 'Get the code',
    signUp: 'Sign up and sign in',
    signIn: 'Sign in',
    newNumber:
      'This number opens a new account: please read and accept the terms of service and the privacy policy first.',
    accept: /I have read and accept/,
    security: 'Profile and security',
  },
} as const;

/** Contract §12 "Phone numbers as accounts", in the browser at 375 px, with the code from the development outbox. */
describe.each(Object.entries(TEXTS))('signing up and in by a mobile number (%s, 375 px)', (locale, text) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('signs up on /register with the number first, the code texted to it and the terms', async () => {
    const context = await browser.newContext({ locale, ...PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/register`);
    // Chinese readers start on the number; English ones pick it.
    if (locale === 'en-US') await page.getByRole('tab', { name: text.registerTab }).click();
    expect(await page.getByRole('tab', { name: text.registerTab }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const number = newNumber();
    await page.getByLabel(text.number).fill(number);
    await page.getByRole('button', { name: text.getCode }).click();
    await page.getByLabel(text.code).fill(await mailedCode(`+86${number}`));
    // Without the terms nothing is sent.
    await page.getByRole('button', { name: text.signUp }).click();
    expect(await page.locator('#phone-terms').evaluate((e) => e.classList.contains('is-invalid'))).toBe(true);
    await page.getByLabel(text.accept).check();
    await snap(page, `phone-sign-up-${locale}`);
    await page.getByRole('button', { name: text.signUp }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: text.security }).waitFor();
    await page
      .getByTestId('bound-phone')
      .getByText(`+86 ${number.slice(0, 3)}****${number.slice(-4)}`)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, `phone-profile-${locale}`);
    await context.close();
  });

  it('signs in on /login by a code; a new number is asked for the terms, and the same code then signs it up', async () => {
    const context = await browser.newContext({ locale, ...PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    if (locale === 'en-US') await page.getByRole('tab', { name: text.loginTab }).click();
    const number = newNumber();
    await page.getByLabel(text.number).fill(number);
    await page.getByRole('button', { name: text.getCode }).click();
    await page.getByLabel(text.code).fill(await mailedCode(`+86${number}`));
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await page.getByText(text.newNumber).waitFor();
    await snap(page, `phone-sign-in-terms-${locale}`);
    await page.getByLabel(text.accept).check();
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });
});
