import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  call,
  createSolutionAsAdmin,
  newVerifiedUser,
  paidDemand,
  paidViewOrder,
  startedDemand,
} from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** The subjects of the mails in the development outbox to an address, newest first. */
const subjectsTo = async (email: string) =>
  (await call<{ subject: string }[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).map(
    (m) => m.subject,
  );

const texts = {
  'zh-CN': { unsubscribe: '退订', unsubscribed: '已退订“支付结果”邮件。', payment: '支付结果' },
  'en-US': {
    unsubscribe: 'Unsubscribe',
    unsubscribed: 'You no longer get e-mails about “Payment results”.',
    payment: 'Payment results',
  },
} as const;

/** Which events also come by e-mail, from the profile (contract §11). */
describe('e-mail notification preferences in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it.each([
    ['zh-CN', '邮件通知', '需求阶段完成或失败'],
    ['en-US', 'E-mail notifications', "A requirement's stage finished or failed"],
  ] as const)(
    'turns the stage mails off, and then no mail comes for a stage (%s)',
    async (locale, title, stage) => {
      const user = await newVerifiedUser(`mailpref${locale.slice(0, 2)}`);
      const { context, page } = await signedInPage(browser, user, locale);
      await page.goto(`${baseUrl}/profile/notifications`);
      await page.getByRole('heading', { name: title }).waitFor();
      const toggle = page.getByRole('switch', { name: stage });
      expect(await toggle.isChecked()).toBe(true);
      // The switch moves at once (optimistic). Its request is held back until the reader has left the page, as on
      // a slow network: it must arrive all the same (a reload used to cancel it, and the change was lost).
      let held = 0;
      let leave!: () => void;
      const left = new Promise<void>((resolve) => (leave = resolve));
      await page.route('**/api/users/me/notification-preferences', async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        held++;
        await left;
        await route.continue().catch(() => undefined);
      });
      await toggle.uncheck();
      expect(await toggle.isChecked()).toBe(false);
      await page.reload();
      leave();
      expect(held).toBe(1);
      // The page may have read the preferences before the change arrived: a reload shows it.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('heading', { name: title }).waitFor();
            return page.getByRole('switch', { name: stage }).isChecked();
          },
          { timeout: 15_000 },
        )
        .toBe(false);
      await page.unroute('**/api/users/me/notification-preferences');
      await snap(page, `mail-preferences-${locale}`);

      // A start-up paid (a payment mail, on), its stage run (a stage mail, off), then a view paid (a payment mail
      // again): the mail queue delivers in order, so once the second payment's mail is there, a stage mail would be.
      const demandId = await paidDemand(user, {
        name: `邮件偏好需求 ${locale}`,
        content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
      });
      await startedDemand(user, demandId);
      const solutionId = await createSolutionAsAdmin({
        projectName: `邮件偏好方案 ${locale}`,
        projectRequirements: '门店补货',
        projectRequirementsDetails: '销量预测',
        html: '<h1>补货</h1>',
      });
      await paidViewOrder(user, solutionId);
      await expect
        .poll(async () => (await subjectsTo(user.email)).filter((s) => s === '智库：支付成功').length, {
          timeout: 20_000,
        })
        .toBe(2);
      expect((await subjectsTo(user.email)).filter((s) => s.includes('阶段'))).toEqual([]);

      // The mail's own unsubscribe link: a page that asks first; then the payment mails are off too.
      const [mail] = await call<{ text: string }[]>(
        'GET',
        `/api/dev/outbox?to=${encodeURIComponent(user.email)}`,
      );
      const link = /(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mail.text)![1];
      await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
      await page.getByRole('button', { name: texts[locale].unsubscribe }).click();
      await page.getByText(texts[locale].unsubscribed).waitFor();
      await snap(page, `mail-unsubscribed-${locale}`);
      await page.goto(`${baseUrl}/profile/notifications`);
      await page.getByRole('heading', { name: title }).waitFor();
      expect(await page.getByRole('switch', { name: texts[locale].payment }).isChecked()).toBe(false);
      await context.close();
    },
  );
});
