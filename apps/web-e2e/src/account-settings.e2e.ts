import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** What a signed-in user changes on their own account from the profile (contract §11 "Accounts and library"). */
describe('the account’s own settings in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it.each([
    [
      'zh-CN',
      {
        open: '修改密码',
        current: '当前密码',
        new: '新密码',
        confirm: '确认新密码',
        submit: '确认修改',
        wrong: '当前密码不正确',
        done: '密码已修改，其他设备上的登录已退出',
        login: '登录',
      },
    ],
    [
      'en-US',
      {
        open: 'Change password',
        current: 'Current password',
        new: 'New password',
        confirm: 'Confirm new password',
        submit: 'Change password',
        wrong: 'The current password is wrong.',
        done: 'Your password has been changed; you are signed out on every other device.',
        login: 'Log in',
      },
    ],
  ] as const)('changes the password, and the other device is signed out (%s)', async (locale, text) => {
    const user = await newVerifiedUser(`pw${locale.slice(0, 2)}`);
    // The same account signed in on another device.
    const elsewhere = await call<typeof user>('POST', '/api/auth/login', {
      username: user.user.username,
      password: user.password,
    });
    const other = await signedInPage(browser, { ...user, ...elsewhere }, locale);
    await other.page.goto(`${baseUrl}/profile`);
    await other.page.getByText(user.user.username).first().waitFor();

    const { context, page } = await signedInPage(browser, user, locale);
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('button', { name: text.open }).click();
    const form = page.locator('form').filter({ has: page.getByLabel(text.current) });
    await form.getByLabel(text.current).fill('Not!th3pass');
    await form.getByLabel(text.new, { exact: true }).fill('N3w!passw0rd');
    await form.getByLabel(text.confirm).fill('N3w!passw0rd');
    await form.getByRole('button', { name: text.submit }).click();
    await form.getByText(text.wrong).waitFor();
    // Refused, and still signed in here.
    expect(page.url()).toBe(`${baseUrl}/profile`);

    await form.getByLabel(text.current).fill(user.password);
    await form.getByRole('button', { name: text.submit }).click();
    await page.getByText(text.done).waitFor();
    await snap(page, `account-password-changed-${locale}`);
    // This device carries on with its new session, after a reload too.
    await page.reload();
    await page.getByText(user.user.username).first().waitFor();
    expect(page.url()).toBe(`${baseUrl}/profile`);

    // The other device's session is over: its next page asks it to sign in.
    await other.page.reload();
    await other.page.waitForURL(/\/login/);
    await other.page.getByRole('button', { name: text.login, exact: true }).waitFor();
    await other.context.close();
    await context.close();
  });

  it.each([
    ['zh-CN', '导出我的数据'],
    ['en-US', 'Export my data'],
  ] as const)('downloads a copy of the account’s data as JSON (%s)', async (locale, label) => {
    const user = await newVerifiedUser(`export${locale.slice(0, 2)}`);
    const { context, page } = await signedInPage(browser, user, locale);
    await page.goto(`${baseUrl}/profile`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: label }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^think-tank-${user.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(data.account).toMatchObject({ username: user.user.username, email: user.email });
    await snap(page, `account-export-${locale}`);
    await context.close();
  });
});
