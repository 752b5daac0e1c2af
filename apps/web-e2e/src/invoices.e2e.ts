import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSolutionAsAdmin, newSupport, newVerifiedUser, paidViewOrder } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('invoices in the browser', () => {
  let browser: Browser;
  let solutionId = '';
  beforeAll(async () => {
    browser = await launchChromium();
    solutionId = await createSolutionAsAdmin({
      projectName: '冷链仓储温控方案',
      projectRequirements: '冷链损耗高',
      projectRequirementsDetails: '温控与路线优化',
      html: '<h1>冷链</h1>',
    });
  });
  afterAll(() => browser?.close());

  it('asks for a special VAT invoice from the orders, has support issue it, and downloads the PDF', async () => {
    const buyer = await newVerifiedUser('invoicer');
    await paidViewOrder(buyer, solutionId);
    const { context, page } = await signedInPage(browser, buyer);
    await page.goto(`${baseUrl}/profile/orders`);
    const row = page.getByTestId('my-order').filter({ hasText: '单次查看方案' });
    await row.getByRole('button', { name: '申请发票' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('heading', { name: '申请发票' }).waitFor();
    expect(await form.getByLabel('接收邮箱 *').inputValue()).toBe(buyer.email);
    await form.getByLabel('增值税专用发票').check();
    await form.getByLabel('纳税人识别号（统一社会信用代码） *').fill('91350100M000100Y44');
    await form.getByRole('button', { name: '提交申请' }).click();
    await form.getByText('请填写发票抬头').waitFor();
    expect(await form.getByText('纳税人识别号应为 18 位统一社会信用代码，请检查后重新输入').isVisible()).toBe(
      true,
    );
    expect(await form.getByText('请填写有效的银行账号（8–40 位数字）').isVisible()).toBe(true);
    await snap(page, 'invoice-01-form-errors');
    await form.getByLabel('发票抬头 *').fill('杭州鲜达冷链有限公司');
    await form.getByLabel('纳税人识别号（统一社会信用代码） *').fill('91350100M000100Y43');
    await form.getByLabel('注册地址 *').fill('杭州市西湖区文三路 1 号');
    await form.getByLabel('注册电话 *').fill('0571-8888 6666');
    await form.getByLabel('开户银行 *').fill('招商银行杭州分行');
    await form.getByLabel('银行账号 *').fill('5719 0123 4567 890');
    await form.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('发票申请已提交，开具后会通过站内消息通知您。').waitFor();
    await row.getByText('开票中').waitFor();
    await snap(page, 'invoice-02-pending');

    // Support issues it with its number and PDF.
    const support = await signedInPage(browser, await newSupport());
    support.page.on('dialog', (d) => void d.accept());
    await support.page.goto(`${baseUrl}/admin`);
    await support.page.getByRole('tab', { name: '发票' }).click();
    const request = support.page.getByTestId('invoice-row').filter({ hasText: buyer.user.username });
    await request.getByText('增值税专用发票 · 杭州鲜达冷链有限公司').waitFor();
    await request.getByRole('button', { name: '开具' }).click();
    await request.getByText('请填写发票号码并选择不超过 2 MB 的 PDF 文件。').waitFor();
    await request.getByLabel('发票号码').fill('04412345');
    await request
      .getByLabel('发票 PDF')
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
    await snap(support.page, 'invoice-03-console');
    await request.getByRole('button', { name: '开具' }).click();
    await support.page.getByText(`已开具发票 04412345，已通知 ${buyer.user.username}`).waitFor();
    await support.context.close();

    await page.reload();
    await row.getByText('已开具').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: '下载发票 04412345' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoice-04412345.pdf');
    expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);
    await snap(page, 'invoice-04-issued');
    await context.close();
  });

  it('shows the invoice form in English to an English reader', async () => {
    const buyer = await newVerifiedUser('invoiceen');
    await paidViewOrder(buyer, solutionId);
    const { context, page } = await signedInPage(browser, buyer, 'en-US');
    await page.goto(`${baseUrl}/profile/orders`);
    await page.getByRole('button', { name: 'Request invoice' }).click();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Please enter the invoice title.').waitFor();
    await snap(page, 'invoice-05-form-en');
    await context.close();
  });
});
