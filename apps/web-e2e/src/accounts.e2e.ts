import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailedCode } from './support/api';
import { launchChromium, snap } from './support/browser';

const baseUrl = inject('baseUrl');

describe('accounts in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterAll(() => browser?.close());

  it('renders the home route in Chinese', async () => {
    await page.goto(baseUrl);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('智库');
    expect(await page.locator('nav.navbar').textContent()).toContain('登录');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await snap(page, '01-home-zh');
  });

  it('registers, verifies the mailed code, lands on the profile, logs out and logs in again', async () => {
    const name = `e2e${Date.now().toString(36)}`;
    const email = `${name}@example.cn`;
    const password = 'Secr3t!pass';

    await page.goto(`${baseUrl}/register`);
    // Chinese readers start on the number: the e-mail is the other tab.
    await page.getByRole('tab', { name: '邮箱注册' }).click();
    await page.getByLabel('用户名').fill(name);
    await page.getByLabel('邮箱').fill(email);
    await page.getByLabel(/^密码/).fill(password);
    await page.getByLabel('确认密码').fill(password);
    // The terms must be accepted (contract §11): unticked, the form says so and sends nothing.
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByText('请阅读并同意服务条款和隐私政策').waitFor();
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await snap(page, '02-register-step1');
    await page.getByRole('button', { name: '注册' }).click();

    await page.getByLabel('邮箱验证码').waitFor();
    await page.getByLabel('邮箱验证码').fill(await mailedCode(email));
    await snap(page, '03-register-step2');
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText('验证成功，正在进入个人中心…').waitFor();

    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByText(email).waitFor();
    expect(await page.locator('dl').textContent()).toContain(name);
    expect(await page.locator('dl').textContent()).toContain('免费');
    expect(await page.locator('nav.navbar').textContent()).toContain(`你好，${name}`);
    await snap(page, '04-profile');

    await page.getByRole('button', { name: `你好，${name}` }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('退出登录成功').waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(page, '05-logged-out');

    await page.goto(`${baseUrl}/login`);
    // Only GitHub is configured here: Google's button is shown but disabled.
    await page.getByText('未开启的第三方登录方式暂不可用').waitFor();
    expect(await page.getByRole('button', { name: '使用 Google 登录' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '使用 GitHub 登录' }).isEnabled()).toBe(true);
    // Chinese readers start on the number: the password is the other tab.
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByLabel('用户名、邮箱或手机号').fill(email);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByText(email).waitFor();
    await snap(page, '06-logged-in-again');

    // A second device signs in; "log out on all devices" on this one ends both.
    const device = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    const other = await device.newPage();
    await other.goto(`${baseUrl}/login`);
    // Chinese readers start on the number: the password is the other tab.
    await other.getByRole('tab', { name: '密码登录' }).click();
    await other.getByLabel('用户名、邮箱或手机号').fill(email);
    await other.getByLabel('密码').fill(password);
    await other.getByRole('button', { name: '登录', exact: true }).click();
    await other.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('button', { name: '退出所有设备' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('已退出所有设备上的登录').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await snap(page, '06b-logged-out-everywhere');
    // The other device's token stops working within seconds, and its refresh token is spent: back to login.
    await expect
      .poll(
        async () => {
          await other.goto(`${baseUrl}/profile`);
          await other.waitForLoadState('networkidle');
          return new URL(other.url()).pathname;
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe('/login');
    await device.close();
  });

  it('sends a visitor of a guarded page to login and back there afterwards', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login`);
    // Chinese readers start on the number: the password is the other tab.
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByLabel('用户名、邮箱或手机号').fill('demo');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('用户名或密码错误').waitFor();
    await snap(page, '07-login-error');
    await page.getByLabel('密码').fill('Demo#2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(`${baseUrl}/profile`);
  });

  it('signs in with GitHub: provider consent, callback, code exchange, profile; no token in any address', async () => {
    await page.evaluate(() => localStorage.clear());
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && addresses.push(frame.url()));
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: '使用 GitHub 登录' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByText('octo-e2e@example.cn').waitFor();
    await snap(page, '09-github-signed-in');
    expect(addresses.some((a) => a.includes('/auth/github/callback?code='))).toBe(true);
    expect(addresses.filter((a) => /token=|access_token|refresh/.test(a))).toEqual([]);
  });

  it('shows the not-found screen for unknown paths', async () => {
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByText('404 - 页面未找到').waitFor();
    await snap(page, '08-not-found');
  });

  it('speaks English to a browser whose language is not Chinese', async () => {
    const en = await browser.newContext({ locale: 'en-US' });
    const p = await en.newPage();
    await p.goto(`${baseUrl}/login`);
    await p.getByRole('heading', { name: 'Log in' }).waitFor();
    await p.getByRole('button', { name: 'Log in', exact: true }).click();
    await snap(p, '10-login-en');
    await en.close();
  });

  it('folds the navigation into a menu on a phone', async () => {
    const phone = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 760 } });
    const p = await phone.newPage();
    await p.goto(baseUrl);
    await p.getByRole('heading', { level: 1 }).waitFor();
    expect(await p.getByRole('link', { name: '注册', exact: true }).first().isVisible()).toBe(false);
    await p.getByRole('button', { name: '展开导航' }).click();
    await p.getByRole('link', { name: '注册', exact: true }).first().waitFor({ state: 'visible' });
    await p.locator('#tt-nav.show').waitFor();
    expect((await p.locator('nav.navbar').boundingBox())?.height).toBeGreaterThanOrEqual(64);
    await snap(p, '11-mobile-menu');
    await phone.close();
  });
});
