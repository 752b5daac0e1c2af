import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, mailedCode, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** Moving the account to another address and deleting it, from the profile (contract §11). */
describe('changing the e-mail and deleting the account in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  const texts = {
    'zh-CN': {
      open: '更换邮箱',
      newEmail: '新邮箱',
      password: '当前密码',
      send: '发送验证码',
      sent: '验证码已发送至新邮箱，请在 10 分钟内填写',
      code: (email: string) => `发送到 ${email} 的验证码`,
      confirm: '确认更换',
      changed: '登录邮箱已更换，原邮箱已收到通知',
      wrongCode: '验证码错误或已过期，请重试。',
      deleteOpen: '注销账户…',
      deletePassword: '输入当前密码以确认',
      deleteSubmit: '永久注销',
      wrongPassword: '当前密码不正确',
      deleted: '账户已注销，感谢您使用智库。',
    },
    'en-US': {
      open: 'Change e-mail',
      newEmail: 'New e-mail address',
      password: 'Current password',
      send: 'Send code',
      sent: 'A code has been sent to the new address; enter it within 10 minutes.',
      code: (email: string) => `The code sent to ${email}`,
      confirm: 'Change e-mail',
      changed: 'Your e-mail address has been changed; the old address has been told.',
      wrongCode: 'The code is wrong or has expired, please try again.',
      deleteOpen: 'Delete account…',
      deletePassword: 'Enter your current password to confirm',
      deleteSubmit: 'Delete for good',
      wrongPassword: 'The current password is wrong.',
      deleted: 'Your account has been deleted. Thank you for using 智库.',
    },
  } as const;

  it.each(['zh-CN', 'en-US'] as const)('changes the e-mail with the code sent to it (%s)', async (locale) => {
    const text = texts[locale];
    const user = await newVerifiedUser(`mail${locale.slice(0, 2)}`);
    const newEmail = `new${user.email}`;
    const { context, page } = await signedInPage(browser, user, locale);
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('button', { name: text.open }).click();
    await page.getByLabel(text.newEmail).fill(newEmail);
    await page.getByLabel(text.password, { exact: true }).fill(user.password);
    await page.getByRole('button', { name: text.send }).click();
    await page.getByText(text.sent).waitFor();

    const codeField = page.getByLabel(text.code(newEmail));
    await codeField.fill('000000');
    await page.getByRole('button', { name: text.confirm }).click();
    const code = await mailedCode(newEmail);
    if (code !== '000000') await page.getByText(text.wrongCode).waitFor();
    await codeField.fill(code);
    await snap(page, `account-email-code-${locale}`);
    await page.getByRole('button', { name: text.confirm }).click();
    await page.getByText(text.changed).waitFor();
    // The profile shows the new address; it signs in with it.
    await page.getByText(newEmail, { exact: true }).waitFor();
    await snap(page, `account-email-changed-${locale}`);
    await call('POST', '/api/auth/login', { username: newEmail, password: user.password });
    await context.close();
  });

  it.each(['zh-CN', 'en-US'] as const)(
    'deletes the account with its password, and it is signed out and gone (%s)',
    async (locale) => {
      const text = texts[locale];
      const user = await newVerifiedUser(`bye${locale.slice(0, 2)}`);
      const { context, page } = await signedInPage(browser, user, locale);
      await page.goto(`${baseUrl}/profile/privacy`);
      await page.getByRole('button', { name: text.deleteOpen }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text.deletePassword).fill('Not!th3pass');
      await dialog.getByRole('button', { name: text.deleteSubmit }).click();
      await dialog.getByText(text.wrongPassword).waitFor();
      await snap(page, `account-delete-dialog-${locale}`);

      await dialog.getByLabel(text.deletePassword).fill(user.password);
      await dialog.getByRole('button', { name: text.deleteSubmit }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByText(text.deleted).waitFor();
      await snap(page, `account-deleted-${locale}`);
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user.user.username, password: user.password }),
      });
      expect(login.status).toBe(401);
      await page.goto(`${baseUrl}/profile`);
      await page.waitForURL(/\/login/);
      await context.close();
    },
  );
});
