import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, createSolutionAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');
/** The document's first lines as the server makes them: text only, its script never. */
const TEASER = '堆场调度方案 script did not run net pending 跳到结尾 结尾';

/**
 * A document whose inline script runs and tries to read the app's storage and cookies, reporting what it got; that
 * tries to load an image and to call a third party (`elsewhere`); and a long body with an in-document #anchor link.
 */
const probeHtml = (elsewhere: string) => `<h1>堆场调度方案</h1><p id="probe">script did not run</p>
<img alt="beacon" src="${elsewhere}/pixel.png"><p id="net">net pending</p>
<p><a id="jump" href="#end">跳到结尾</a></p><div style="height:3000px"></div><h2 id="end">结尾</h2>
<script>
  var out = document.getElementById('probe');
  try { out.textContent = 'read:' + window.localStorage.getItem('token'); }
  catch (e) { out.textContent = 'blocked:' + e.name; }
  try { out.textContent += ' parent:' + window.parent.localStorage.getItem('token'); }
  catch (e) { out.textContent += ' parent-blocked'; }
  try { out.textContent += ' cookie:' + document.cookie; }
  catch (e) { out.textContent += ' cookie-blocked'; }
  var net = document.getElementById('net');
  fetch('${elsewhere}/beacon').then(function () { net.textContent = 'net reached'; },
    function () { net.textContent = 'net blocked'; });
</script>`;

describe('reading a solution in the browser', () => {
  let browser: Browser;
  let solutionId = '';
  // A third party the document tries to reach: every request it receives is counted.
  const thirdParty: string[] = [];
  const elsewhere = createServer((req, res) => {
    thirdParty.push(req.url ?? '');
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'image/png' }).end();
  });

  beforeAll(async () => {
    browser = await launchChromium();
    await new Promise<void>((ok) => elsewhere.listen(0, '127.0.0.1', ok));
    solutionId = await createSolutionAsAdmin({
      projectName: '港口堆场调度方案',
      projectRequirements: '集装箱翻箱率高',
      projectRequirementsDetails: '堆存优化',
      html: probeHtml(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => elsewhere.close(ok));
  });

  it('shows a visitor the teaser and the way in, and a free reader the paywall', async () => {
    const visitor = await browser.newPage({ locale: 'zh-CN' });
    await visitor.goto(`${baseUrl}/solutions/${solutionId}/view`);
    await visitor.getByRole('heading', { name: '港口堆场调度方案' }).waitFor();
    expect(await visitor.getByTestId('paywall-teaser').innerHTML()).toBe(TEASER);
    expect(await visitor.getByRole('alert').getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/solutions/${solutionId}/view`)}`,
    );
    await snap(visitor, 'solution-00-visitor-teaser');
    await visitor.close();

    const { context, page } = await signedInPage(browser, await newVerifiedUser('free'));
    await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
    await page.getByRole('heading', { name: '访问受限' }).waitFor();
    expect(await page.getByText('港口堆场调度方案', { exact: true }).isVisible()).toBe(true);
    // The document's first lines as text above the offers: its heading and paragraph, never its script.
    const teaser = page.getByTestId('paywall-teaser');
    expect(await teaser.innerHTML()).toBe(TEASER);
    expect(await page.getByText('单次查看本方案（30 天内有效）').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: '订阅套餐' }).isVisible()).toBe(true);
    expect(await page.getByText('¥99.00/月').isVisible()).toBe(true);
    expect(await page.getByText('VIP 会员（年付）').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '申请 VIP' }).getAttribute('href')).toBe(
      '/profile/vip-application',
    );
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
    // The document's own script runs (it is loaded from its own URL, under its own CSP), and its origin is
    // opaque (no allow-same-origin): the app's storage, the parent's and the cookies are all out of its reach.
    await frame.getByText('blocked:SecurityError parent-blocked cookie-blocked').waitFor();
    // Nothing leaves the document (its CSP): neither its image nor its script's call reached the third party.
    await frame.getByText('net blocked').waitFor();
    expect(thirdParty).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(reader.access_token);
    await snap(page, 'solution-02-document');
    // Its #anchor links scroll within it.
    const document = page.frames().find((f) => f.url().includes('/view?ticket='))!;
    expect(await document.evaluate(() => window.scrollY)).toBe(0);
    await frame.getByRole('link', { name: '跳到结尾' }).click();
    await expect.poll(() => document.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await context.close();
  });

  it.each([
    ['zh-CN', '今天还可查看 0 个方案（每天 20 个）。'],
    ['en-US', '0 of your 20 solutions a day left today.'],
  ])('tells a subscriber at the paywall that today’s views are spent (%s)', async (locale, left) => {
    const reader = await newVerifiedUser(`spent${locale.slice(0, 2)}`);
    const db = new Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    await db.query('UPDATE users SET "isPaid" = true WHERE id = $1', [reader.user.id]);
    await db.end();
    // Today's 20 views, each a different solution of the library.
    const { list } = await call<{ list: { _id: string }[] }>('GET', '/api/solutions/search?pageSize=30');
    const others = list.filter((s) => s._id !== solutionId);
    for (const s of others.slice(0, 20)) {
      const read = await fetch(`${baseUrl}/api/solutions/${s._id}/view`, {
        headers: { authorization: `Bearer ${reader.access_token}` },
      });
      expect(read.status).toBe(200);
    }

    const { context, page } = await signedInPage(browser, reader, locale);
    await page.goto(`${baseUrl}/solutions/${solutionId}/view`);
    const line = page.getByTestId('paywall-views-left');
    await line.waitFor();
    expect(await line.textContent()).toBe(left);
    await snap(page, `solution-05-views-spent-${locale}`);
    await context.close();
  });

  it('lands on the section a link to the viewer names with its #anchor', async () => {
    const reader = await newVerifiedUser('anchor');
    const db = new Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    await db.query(`UPDATE users SET role = 'vip' WHERE id = $1`, [reader.user.id]);
    await db.end();
    const { context, page } = await signedInPage(browser, {
      ...reader,
      user: { ...reader.user, role: 'vip' },
    });
    await page.goto(`${baseUrl}/solutions/${solutionId}/view#end`);
    const frame = page.frameLocator('iframe[title="方案文档"]');
    await frame.getByRole('heading', { name: '结尾' }).waitFor();
    const document = page.frames().find((f) => f.url().includes('/view?ticket='))!;
    expect(document.url()).toMatch(/#end$/);
    await expect.poll(() => document.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await context.close();
  });
});
