import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, mailedCode } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** The terms of service and the privacy policy in the browser (contract §11). */
describe('terms and privacy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  const texts = {
    'zh-CN': {
      footerTerms: '服务条款',
      footerPrivacy: '隐私政策',
      terms: '智库服务条款（示例）',
      privacy: '智库隐私政策（示例）',
      version: '版本：2026-11-27',
      prompt: '服务条款与隐私政策',
      accept: '同意并继续',
      decline: '不同意，退出登录',
    },
    'en-US': {
      footerTerms: 'Terms',
      footerPrivacy: 'Privacy',
      terms: '智库 Terms of Service (sample)',
      privacy: '智库 Privacy Policy (sample)',
      version: 'Version: 2026-11-27',
      prompt: 'Terms of service and privacy policy',
      accept: 'Accept and continue',
      decline: 'Decline and log out',
    },
  } as const;

  it.each(['zh-CN', 'en-US'] as const)(
    'shows both texts from the footer, with their version (%s)',
    async (locale) => {
      const text = texts[locale];
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(baseUrl);
      await page.getByTestId('site-footer').getByRole('link', { name: text.footerTerms }).click();
      await page.getByRole('heading', { level: 1, name: text.terms }).waitFor();
      await page.getByText(text.version).waitFor();
      await snap(page, `legal-terms-${locale}`);
      await page.goto(baseUrl);
      await page.getByTestId('site-footer').getByRole('link', { name: text.footerPrivacy }).click();
      await page.getByRole('heading', { level: 1, name: text.privacy }).waitFor();
      expect(page.url()).toBe(`${baseUrl}/privacy`);
      await context.close();
    },
  );

  it('registers in English only with the terms accepted, and is not asked again', async () => {
    const name = `terms${Date.now().toString(36)}`;
    const email = `${name}@example.cn`;
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password/).fill('Secr3t!pass');
    await page.getByLabel('Confirm password').fill('Secr3t!pass');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please read and accept the terms of service and the privacy policy.').waitFor();
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await snap(page, 'legal-register-en-US');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByLabel('E-mail code').fill(await mailedCode(email));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByText(email).waitFor();
    // Signed in with the versions accepted: no prompt once the menu (which carries it) is there.
    await page.getByRole('button', { name: `Hello, ${name}` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it.each(['zh-CN', 'en-US'] as const)(
    'asks an account that accepted no version, until it accepts; declining signs out (%s)',
    async (locale) => {
      const text = texts[locale];
      const asked = async (prefix: string) => {
        const name = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
        const email = `${name}@example.cn`;
        // A client without the box (or a provider sign-up): nothing accepted yet.
        await call('POST', '/api/auth/register', { username: name, email, password: 'Secr3t!pass' });
        const session = await call<Parameters<typeof signedInPage>[1]>('POST', '/api/auth/verify-email', {
          email,
          code: await mailedCode(email),
        });
        return signedInPage(browser, session, locale);
      };

      const { context, page } = await asked(`ask${locale.slice(0, 2)}`);
      await page.goto(`${baseUrl}/profile`);
      const dialog = page.getByRole('dialog', { name: text.prompt });
      await dialog.waitFor();
      await snap(page, `legal-prompt-${locale}`);
      await dialog.getByRole('button', { name: text.accept }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('button', { name: /你好|Hello/ }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await context.close();

      const other = await asked(`decline${locale.slice(0, 2)}`);
      await other.page.goto(`${baseUrl}/demand-list`);
      await other.page
        .getByRole('dialog', { name: text.prompt })
        .getByRole('button', { name: text.decline })
        .click();
      await other.page.waitForURL(`${baseUrl}/`);
      expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await other.context.close();
    },
  );
});
