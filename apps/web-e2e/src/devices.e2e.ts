import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** The signed-in devices on the profile, and signing one out (contract §11). */
describe('signed-in devices in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it.each([
    ['zh-CN', '登录设备', '本设备', '退出该设备', '登录'],
    ['en-US', 'Signed-in devices', 'This device', 'Sign out', 'Log in'],
  ] as const)(
    'signs the other device out, which is then asked to log in (%s)',
    async (locale, title, here, out, login) => {
      const user = await newVerifiedUser(`dev${locale.slice(0, 2)}`);
      // The same account signed in on a second device.
      const second = await call<typeof user>('POST', '/api/auth/login', {
        username: user.user.username,
        password: user.password,
      });
      const other = await signedInPage(browser, { ...user, ...second }, locale);
      await other.page.goto(`${baseUrl}/profile`);
      await other.page.getByText(user.user.username).first().waitFor();

      const { context, page } = await signedInPage(browser, user, locale);
      await page.goto(`${baseUrl}/profile`);
      await page.getByRole('heading', { name: title }).waitFor();
      const rows = page.getByTestId('devices-list').getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(2);
      const mine = rows.filter({ hasText: here });
      expect(await mine.count()).toBe(1);
      expect(await mine.getByRole('button').count()).toBe(0);
      await snap(page, `devices-${locale}`);

      await rows.filter({ hasNotText: here }).getByRole('button', { name: out }).click();
      await expect.poll(() => rows.count()).toBe(1);
      // The other device's next page finds its session over.
      await other.page.reload();
      await other.page.waitForURL(/\/login/);
      await other.page.getByRole('button', { name: login, exact: true }).waitFor();
      await other.context.close();
      await context.close();
    },
  );
});
