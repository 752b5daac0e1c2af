import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVerifiedUser } from './support/api';
import { launchChromium, unsignedAccessToken } from './support/browser';

const baseUrl = inject('baseUrl');

/** A JWT whose expiry is an hour away but whose signature is wrong: the client thinks it live, the API refuses it. */
const refusedAccessToken = () => unsignedAccessToken(3600);

describe('sessions in the browser (customer-area §4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function pageWith(token: string, refreshToken: string) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.addInitScript(
      ([t, r]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('token', t);
          localStorage.setItem('refresh_token', r);
          localStorage.setItem('username', 'someone');
          sessionStorage.setItem('seeded', '1');
        }
      },
      [token, refreshToken],
    );
    return context.newPage();
  }

  it('refreshes a refused access token once, silently, and carries on', async () => {
    const user = await newVerifiedUser('silent');
    const page = await pageWith(refusedAccessToken(), user.refresh_token);
    await page.goto(`${baseUrl}/profile`);
    await page.getByText(user.email).waitFor();
    expect(page.url()).toBe(`${baseUrl}/profile`);
    const stored = await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('refresh_token'),
    ]);
    expect(stored[0]).not.toBe(refusedAccessToken().split('.')[0]);
    expect(stored[1]).not.toBe(user.refresh_token);
    await page.context().close();
  });

  it('ends the session on a failed refresh: storage cleared, /login?session_expired=true with its notice', async () => {
    const page = await pageWith(
      refusedAccessToken(),
      '00000000-0000-4000-8000-000000000000.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    );
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login?session_expired=true`);
    await page.getByText('登录已过期，请重新登录').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.context().close();
  });
});
