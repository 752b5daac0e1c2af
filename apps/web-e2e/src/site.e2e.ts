import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, snap } from './support/browser';

const baseUrl = inject('baseUrl');

describe('the results list link, the footer’s filing notice and the contact page (configured as a mainland deployment does)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  for (const [locale, texts] of [
    ['zh-CN', { contact: '联系我们', email: '邮箱', qr: '微信客服二维码', results: '查看成果列表' }],
    [
      'en-US',
      {
        contact: 'Contact us',
        email: 'E-mail',
        qr: 'WeChat service QR code',
        results: 'Browse the results list',
      },
    ],
  ] as const)
    it(`shows them to a visitor in ${locale}, the QR image loaded under the CSP`, async () => {
      const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(baseUrl);
      // The results list under the title, in a tab of its own.
      const results = page.getByRole('link', { name: texts.results });
      await results.waitFor();
      expect(await results.getAttribute('href')).toBe('https://results.think-tank.example/list');
      expect(await results.getAttribute('target')).toBe('_blank');
      expect(await results.getAttribute('rel')).toContain('noopener');
      const footer = page.getByTestId('site-footer');
      const filing = footer.getByRole('link', { name: '京ICP备12345678号' });
      await filing.waitFor();
      expect(await filing.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
      expect(await filing.getAttribute('rel')).toContain('noopener');
      await footer.getByRole('link', { name: texts.contact }).click();
      await page.waitForURL(`${baseUrl}/contact`);
      await page.getByRole('heading', { name: texts.contact }).waitFor();
      expect(await page.getByRole('link', { name: 'service@think-tank.cn' }).getAttribute('href')).toBe(
        'mailto:service@think-tank.cn',
      );
      expect(await page.getByRole('link', { name: '400-800-1234' }).getAttribute('href')).toBe(
        'tel:4008001234',
      );
      const qr = page.getByRole('img', { name: texts.qr });
      await qr.waitFor();
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await snap(page, `site-01-contact-${locale}`);
      await context.close();
    });

  it('offers a reload when a screen’s code fails to arrive, and the other screens still work', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    // A deployment replaced the chunk, or the network dropped it.
    await page.route(/ContactPage-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(baseUrl);
    await page.getByTestId('site-footer').getByRole('link', { name: '联系我们' }).click();
    const failed = page.getByRole('alert').filter({ hasText: '页面加载失败，请刷新重试' });
    await failed.waitFor();
    // The navigation bar stays, and going back shows the home screen again.
    await page.getByRole('navigation').first().getByRole('link', { name: '智库' }).waitFor();
    expect(await failed.getByRole('button', { name: '刷新页面' }).isEnabled()).toBe(true);
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await failed.count()).toBe(0);
    await context.close();
  });
});
