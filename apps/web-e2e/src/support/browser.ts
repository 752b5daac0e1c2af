import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { UA } from '../../../api/test/support/user-agents';

/** WeChat's own browser on an iPhone, at 375 px: a link opened in a chat. */
export const IN_WECHAT: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent: UA.inWechat,
};

export const ARTEFACTS = resolve(__dirname, '../../../../test-results/web-e2e');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs (no background calls home). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A screenshot kept as a test artefact under test-results/web-e2e. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  await page.screenshot({ path: resolve(ARTEFACTS, `${name}.png`), fullPage: true });
}

interface StoredSession {
  access_token: string;
  refresh_token: string;
  user: { username: string; role: string };
}

/** A browser context (Chinese, desktop unless a device is given) signed in as this user (the tokens where the app keeps them). */
export async function signedInPage(
  browser: Browser,
  user: StoredSession,
  locale = 'zh-CN',
  device: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, ...device });
  await context.addInitScript((s) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', s.access_token);
      localStorage.setItem('refresh_token', s.refresh_token);
      localStorage.setItem('username', s.user.username);
      localStorage.setItem('userRole', s.user.role);
    }
  }, user);
  return { context, page: await context.newPage() };
}

/**
 * An access token the client can read, expiring `seconds` from now (past when negative), whose signature is made
 * up: the app judges it by its expiry, the API refuses it.
 */
export function unsignedAccessToken(seconds: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'x', typ: 'access', exp })}.c2lnbmF0dXJl`;
}
