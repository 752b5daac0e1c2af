import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSolutionAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** A document whose script tries to read the app's storage and reports what it got. */
const PROBE_HTML = `<h1>堆场调度方案</h1><p id="probe">script did not run</p>
<script>
  var out = document.getElementById('probe');
  try { out.textContent = 'read:' + window.localStorage.getItem('token'); }
  catch (e) { out.textContent = 'blocked:' + e.name; }
  try { out.textContent += ' parent:' + window.parent.localStorage.getItem('token'); }
  catch (e) { out.textContent += ' parent-blocked'; }
</script>`;

describe('reading a solution in the browser', () => {
  let browser: Browser;
  let solutionId = '';

  beforeAll(async () => {
    browser = await launchChromium();
    solutionId = await createSolutionAsAdmin({
      projectName: '港口堆场调度方案',
      projectRequirements: '集装箱翻箱率高',
      projectRequirementsDetails: '堆存优化',
      html: PROBE_HTML,
    });
  });
  afterAll(() => browser?.close());

  it('sends a visitor to log in, and shows a free reader the paywall', async () => {
    const visitor = await browser.newPage({ locale: 'zh-CN' });
    await visitor.goto(`${baseUrl}/solutions/${solutionId}/view`);
    await visitor.waitForURL(`${baseUrl}/login`);
    await visitor.close();

    const { context, page } = await signedInPage(browser, await newVerifiedUser('free'));
    await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
    await page.getByRole('heading', { name: '访问受限' }).waitFor();
    expect(await page.getByText('港口堆场调度方案', { exact: true }).isVisible()).toBe(true);
    // The document's first lines as text above the offers: its heading and paragraph, never its script.
    const teaser = page.getByTestId('paywall-teaser');
    expect(await teaser.textContent()).toBe('堆场调度方案 script did not run');
    expect(await teaser.innerHTML()).toBe('堆场调度方案 script did not run');
    expect(await page.getByText('单次查看本方案（30 天内有效）').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: '订阅套餐' }).isVisible()).toBe(true);
    expect(await page.getByText('¥99.00/月').isVisible()).toBe(true);
    expect(await page.getByText('VIP 会员（年付）').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '联系客服开通 VIP' }).getAttribute('href')).toBe('/contact');
    await snap(page, 'solution-01-paywall');
    await context.close();
  });

  it('shows a paid reader the document in a sandbox whose scripts cannot reach the app', async () => {
    const reader = await newVerifiedUser('paid');
    // Admins mark users paid through the support console (a later issue); here, straight in the database.
    const db = new Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    await db.query('UPDATE users SET "isPaid" = true WHERE id = $1', [reader.user.id]);
    await db.end();

    const { context, page } = await signedInPage(browser, reader);
    await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
    const frameElement = page.locator('iframe[title="方案文档"]');
    await frameElement.waitFor();
    expect(await frameElement.getAttribute('sandbox')).toBe(
      'allow-scripts allow-forms allow-popups allow-modals',
    );
    const frame = page.frameLocator('iframe[title="方案文档"]');
    await frame.getByRole('heading', { name: '堆场调度方案' }).waitFor();
    // Two walls: the frame's origin is opaque (no allow-same-origin), and a srcdoc frame inherits the app's CSP,
    // whose script-src 'self' keeps inline scripts from running at all. Neither may let the token through.
    const probe = (await frame.locator('#probe').textContent()) ?? '';
    expect(probe).not.toContain(reader.access_token);
    expect(probe).not.toMatch(/read:ey|parent:ey/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(reader.access_token);
    await snap(page, 'solution-02-document');
    await context.close();
  });
});
