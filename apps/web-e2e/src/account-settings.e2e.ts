import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createSolutionAsAdmin, newVerifiedUser, paidViewOrder } from './support/api';
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
    await page.goto(`${baseUrl}/profile/privacy`);
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

  it.each([
    ['zh-CN', '我解锁的方案', '还没有单次购买的方案。', /^有效期至 \d{4}年\d{1,2}月\d{1,2}日$/],
    [
      'en-US',
      'My unlocked solutions',
      'You have not bought a single solution yet.',
      /^Readable until [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    ],
  ] as const)(
    'lists the solutions bought by the view, with when each ends (%s)',
    async (locale, title, empty, until) => {
      const user = await newVerifiedUser(`unlocked${locale.slice(0, 2)}`);
      const { context, page } = await signedInPage(browser, user, locale);
      await page.goto(`${baseUrl}/profile/library`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(empty).waitFor();

      const name = `单次购买的方案 ${locale}`;
      const solutionId = await createSolutionAsAdmin({
        projectName: name,
        projectRequirements: '仓储拣货效率低',
        projectRequirementsDetails: '波次拣货与路径优化',
        html: '<h1>仓储拣货优化</h1>',
      });
      await paidViewOrder(user, solutionId);
      await page.reload();
      const row = page.getByTestId('unlocked-list').getByRole('listitem').filter({ hasText: name });
      await row.waitFor();
      expect(await row.getByRole('link', { name }).getAttribute('href')).toBe(
        `/solutions/${solutionId}/view`,
      );
      expect((await row.locator('span').textContent())?.trim()).toMatch(until);
      await snap(page, `account-unlocked-${locale}`);
      await context.close();
    },
  );
});
