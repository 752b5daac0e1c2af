import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, newVerifiedUser, paidDemand, startedDemand } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** The demand list's search and archive, and a stage's output edited (issue 38's workshop loose ends). */
describe('the workshop’s list and edits in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it.each([
    ['zh-CN', '状态', '已归档', '更多操作', '归档', '取消归档', '按名称搜索需求', '没有名称包含'],
    [
      'en-US',
      'Status',
      'Archived',
      'More actions',
      'Archive',
      'Unarchive',
      'Search requirements by name',
      'No requirement',
    ],
  ])(
    'finds a demand by name, archives it and takes it back out of the archive (%s)',
    async (locale, statusLabel, archived, menu, archive, unarchive, search, noMatch) => {
      const user = await newVerifiedUser(`unarchive${locale.slice(0, 2)}`);
      const name = `归档再恢复 ${locale}`;
      await call(
        'POST',
        '/api/demand-store/register-demand',
        {
          name,
          content: '社区生鲜团购的冷链配送成本高，损耗率超过8%，希望优化配送路线和温控。',
          keyValuePoints: '损耗率从8%降到3%，单均配送成本降低20%，次日达覆盖率95%。',
        },
        user.access_token,
      );
      const { context, page } = await signedInPage(browser, user, locale);
      await page.goto(`${baseUrl}/demand-store`);
      const card = page.getByTestId('demand-card').filter({ hasText: name });
      const box = page.getByRole('searchbox', { name: search });
      await box.fill('不存在的名称');
      await box.press('Enter');
      await page.getByText(noMatch).waitFor();
      await box.fill('再恢复');
      await box.press('Enter');
      await card.waitFor();
      expect(page.url()).toContain(`q=${encodeURIComponent('再恢复')}`);
      await card.getByRole('button', { name: menu }).click();
      await page.getByRole('button', { name: archive, exact: true }).click();
      await card.waitFor({ state: 'detached' });

      await page.getByRole('combobox', { name: statusLabel }).selectOption('Archived');
      await card.getByText(archived).waitFor();
      await card.getByRole('button', { name: menu }).click();
      await snap(page, `workshop-unarchive-menu-${locale}`);
      await page.getByRole('button', { name: unarchive, exact: true }).click();
      await card.waitFor({ state: 'detached' });
      await page.getByRole('combobox', { name: statusLabel }).selectOption('');
      await card.waitFor();
      expect(await card.getByText(archived).count()).toBe(0);
      await context.close();
    },
  );

  it('edits an outcome in English, and keeps it', async () => {
    const user = await newVerifiedUser('outcomeen');
    const id = await paidDemand(user, {
      name: 'Outcome edit',
      content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
      keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
    });
    await startedDemand(user, id);
    const { context, page } = await signedInPage(browser, user, 'en-US');
    await page.goto(`${baseUrl}/demand-store/${id}`);
    const startup = page.getByTestId('stage-output-Startup');
    await startup.getByRole('button', { name: 'Edit' }).click();
    const outcome = startup.getByTestId('outcome-editor').first();
    await outcome.getByLabel('Outcome title').fill('Faster stock turns');
    await outcome.getByLabel('Outcome', { exact: true }).fill('Stock turns in under 30 days');
    await outcome.getByLabel('Remarks').fill('Measured per store');
    await startup.getByRole('button', { name: 'Save' }).click();
    await startup.getByText('Stock turns in under 30 days').waitFor();
    await page.reload();
    await startup.getByText('Faster stock turns:').waitFor();
    expect(await startup.getByText('Remarks: Measured per store').isVisible()).toBe(true);
    await snap(page, 'workshop-outcome-edited-en-US');
    await context.close();
  });
});
