import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSolutionAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** Modules a consultant accepts for the cold-chain demand (issue 21's own example). */
const COLD_CHAIN_MODULES = [
  '冷链温控监测',
  '路径优化',
  '末端配送协同',
  '运输管理系统',
  '销量预测',
  '仓储管理系统',
  '智能补货',
];
const COLD_CHAIN_MODULES_EN = [
  'Cold chain monitoring',
  'Route optimisation',
  'Last-mile delivery',
  'Transport management system',
  'Demand forecasting',
  'Warehouse management system',
  'Automated replenishment',
];

/** Submits a requirement and pays its start-up fee in the sandbox cashier; answers on the demand's page. */
async function submit(
  page: Page,
  content: string,
  points: string,
  labels: { content: string; points: string; submit: string; pay: string },
) {
  await page.goto(`${baseUrl}/requirements`);
  await page.getByLabel(labels.content).fill(content);
  await page.getByLabel(labels.points).fill(points);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: labels.pay, exact: true }).click();
  await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
}

const moduleNames = async (page: Page, stage: string) =>
  (await page.getByTestId(`stage-output-${stage}`).locator('.form-check strong').allTextContents()).map((s) =>
    s.trim(),
  );

describe('deliverables in the browser (issue 21)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    await createSolutionAsAdmin({
      projectName: '社区生鲜冷链配送优化',
      projectRequirements: '冷链配送损耗高，车辆利用率低',
      projectRequirementsDetails: '配送路线优化与全程温控',
      html: '<h1>社区生鲜冷链配送优化</h1>',
    });
  });
  afterAll(() => browser?.close());

  it('gives the cold-chain demand only its own modules with reasons, related solutions, Word and a printable PDF', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('coldchain'));
    await submit(
      page,
      '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控。',
      '损耗率降到4%，车辆利用率提升到80%，配送准时率达到98%。',
      { content: '需求描述', points: '关键价值点', submit: '提交需求', pay: '模拟支付成功' },
    );
    const startup = page.getByTestId('stage-output-Startup');
    await startup.waitFor({ timeout: 30_000 });
    const names = await moduleNames(page, 'Startup');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(COLD_CHAIN_MODULES).toContain(name);
    expect(await startup.getByTestId('module-reason').first().textContent()).toMatch(/^因为需求提到“/);
    await startup.getByText('损耗率（现状）').waitFor();
    expect(await startup.getByTestId('ai-label').textContent()).toBe('本内容由AI生成');
    const related = startup.getByTestId('related-solutions');
    expect(await related.getByRole('link', { name: '社区生鲜冷链配送优化' }).getAttribute('href')).toMatch(
      /^\/solutions\/[0-9a-f-]{36}\/view$/,
    );
    await snap(page, 'deliverables-01-startup-zh');

    const [word] = await Promise.all([
      page.waitForEvent('download'),
      startup.getByRole('button', { name: '下载 Word' }).click(),
    ]);
    expect(word.suggestedFilename()).toMatch(/-启动\.docx$/);
    // A .docx is a zip: it starts with PK.
    expect(
      readFileSync((await word.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // Preparation, then the lab page printed to PDF with its print stylesheet.
    await startup.getByRole('checkbox').nth(0).check();
    const enter = page.getByTestId('enter-stage');
    await enter.getByRole('button', { name: '支付并进入' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    await page.getByTestId('stage-output-Preparation').waitFor({ timeout: 30_000 });
    await snap(page, 'deliverables-02-preparation-zh');

    await page.getByRole('link', { name: '打开成果查看器' }).click();
    await page.waitForURL(/\/demand-lab\/lab-[0-9a-f]+$/);
    // The test stands in for the browser's print dialog: headless Chromium's never closes, and the page it holds
    // refuses Playwright's own printing ("Page is already being printed"). So the printable tab's print() is
    // recorded, and the PDF saved as "Save as PDF" would.
    await context.addInitScript(() => {
      window.print = () => {
        document.documentElement.dataset.printRequested = 'true';
      };
    });
    const [printable] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: '导出 PDF' }).click(),
    ]);
    await printable.waitForLoadState();
    expect(printable.url()).toMatch(/indexp\.html\?ticket=[\w-]{43}#print$/);
    await printable.getByRole('heading', { name: /需求总览/ }).waitFor();
    expect(await printable.getByRole('note').first().textContent()).toBe('本内容由AI生成');
    // The page asked to print itself, as the button promises.
    await printable.waitForFunction(() => document.documentElement.dataset.printRequested === 'true');
    const pdf = await printable.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The PDF's info dictionary keeps the page's title, and with it the label (UTF-16BE, as hex).
    const title = /\/Title <FEFF([0-9A-F]+)>/.exec(pdf.toString('latin1'))![1];
    expect(Buffer.from(title, 'hex').swap16().toString('utf16le')).toMatch(/需求总览（本内容由AI生成）$/);
    // One page per stage at least (each stage's section starts a new page in print).
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('writes the outputs in English for an English demand', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('coldchainen'), 'en-US');
    await submit(
      page,
      'Community group-buying cold-chain delivery: spoilage is 8% and vehicle utilisation is under 60%. We want better delivery routes and temperature control.',
      'Cut spoilage from 8% to 4% and raise vehicle utilisation from 60% to 80% within a year.',
      { content: 'Requirement', points: 'Key value points', submit: 'Submit', pay: 'Pay' },
    );
    const startup = page.getByTestId('stage-output-Startup');
    await startup.waitFor({ timeout: 30_000 });
    for (const name of await moduleNames(page, 'Startup')) expect(COLD_CHAIN_MODULES_EN).toContain(name);
    expect(await startup.getByTestId('module-reason').first().textContent()).toMatch(
      /^Because the demand mentions “/,
    );
    await startup.getByText('spoilage (today)').waitFor();
    expect(await startup.getByTestId('ai-label').textContent()).toBe('AI-generated');
    await snap(page, 'deliverables-03-startup-en');
    await startup.getByRole('checkbox').nth(0).check();
    await page.getByTestId('enter-stage').getByRole('button', { name: 'Pay and enter' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    const preparation = page.getByTestId('stage-output-Preparation');
    await preparation.waitFor({ timeout: 30_000 });
    expect(await preparation.textContent()).toMatch(
      /This stage is to break the solution into deliverable modules/,
    );
    await snap(page, 'deliverables-04-preparation-en');
    await context.close();
  });
});
