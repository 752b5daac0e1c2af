import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVerifiedUser, paidDemand, startedDemand } from './support/api';
import { IN_WECHAT, launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

/** Around the stages (contract §12): the questions asked before the start-up is paid, and the results shared after. */
describe('the workshop asks before it writes, and shares what it wrote', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('asks what a vague demand leaves open before the start-up is paid, and Startup reads the answer', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('questions'));
    await page.goto(`${baseUrl}/requirements`);
    await page.getByLabel('需求描述').fill('想做数字化转型，提升效率');
    await page.getByLabel('关键价值点').fill('希望整体运营效率明显提升，管理更加规范透明');
    await page.getByRole('button', { name: '提交需求' }).click();
    // The demand's page, not the cashier: its questions first, beside the pay button.
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    const questions = page.getByRole('form', { name: '开始前，还想了解几件事（可选）' });
    await questions.getByLabel('您的业务属于哪个行业？').fill('冷链物流');
    await questions.getByText('需求中没有数字；规模决定指标的目标值。').waitFor();
    await snap(page, 'workshop-06b-questions-zh');
    await questions.getByRole('button', { name: '保存回答' }).click();
    await questions.getByRole('status').getByText('已保存，启动阶段会参考这些回答。').waitFor();
    await page.getByTestId('awaiting-payment').getByRole('button', { name: '使用钱包支付' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    const startup = page.getByTestId('stage-output-Startup');
    await startup.waitFor({ timeout: 30_000 });
    await startup.getByText('已参考您的回答：行业：冷链物流。').waitFor();
    expect(await page.getByTestId('demand-questions').count()).toBe(0);
    await context.close();

    // In English at 375 px, and unanswered: the start is never held up by the questions.
    const en = await signedInPage(browser, await newVerifiedUser('questionsen'), 'en-US');
    await en.page.setViewportSize({ width: 375, height: 812 });
    await en.page.goto(`${baseUrl}/requirements`);
    await en.page.getByLabel('Requirement', { exact: true }).fill('We want to go digital and work faster.');
    await en.page
      .getByLabel('Key value points')
      .fill('Clearly better efficiency across the business, and tidier management.');
    await en.page.getByRole('button', { name: 'Submit', exact: true }).click();
    await en.page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    const asked = en.page.getByRole('form', { name: 'A few questions before we start (optional)' });
    await asked.getByLabel('Which industry is your business in?').waitFor();
    await snap(en.page, 'workshop-06c-questions-en-375');
    await en.page
      .getByTestId('awaiting-payment')
      .getByRole('button', { name: 'Pay with the wallet' })
      .click();
    await en.page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await en.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await en.page.getByTestId('stage-output-Startup').waitFor({ timeout: 30_000 });
    await en.context.close();
  });

  it('shares the results by a link that a phone opens without signing in, until it is revoked', async () => {
    const owner = await newVerifiedUser('sharer');
    const id = await startedDemand(
      owner,
      await paidDemand(owner, {
        name: '门店补货分享',
        content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
      }),
    );
    const { context, page } = await signedInPage(browser, owner);
    await page.goto(`${baseUrl}/demand-store/${id}`);
    await page.getByRole('button', { name: '分享' }).click();
    const dialog = page.getByRole('dialog', { name: '分享成果' });
    await dialog.getByText('还没有有效的分享链接。').waitFor();
    await dialog.getByRole('button', { name: '生成链接' }).click();
    const link = dialog.getByTestId('share-link');
    await link.getByText(/到期$/).waitFor();
    const url = await link.getByLabel('分享链接').inputValue();
    expect(url).toMatch(/\/shared\/[\w-]{43}$/);
    await snap(page, 'workshop-10-share-dialog');

    // A colleague opens it in WeChat: no account, no sign-in.
    const colleague = await browser.newContext({ locale: 'zh-CN', ...IN_WECHAT });
    const shared = await colleague.newPage();
    await shared.goto(`${baseUrl}${new URL(url).pathname}`);
    await shared.getByRole('heading', { name: '门店补货分享' }).waitFor();
    await shared.getByTestId('shared-stage-Startup').waitFor();
    expect(await shared.getByTestId('ai-label').textContent()).toBe('本内容由AI生成');
    expect(await shared.content()).not.toContain(owner.user.username);
    const lab = shared.getByRole('link', { name: '需求总览' });
    expect(await lab.getAttribute('href')).toMatch(/^\/api\/shared\/[\w-]{43}\/files\/indexp\.html$/);
    await snap(shared, 'workshop-11-shared-375');

    await link.getByRole('button', { name: '撤销' }).click();
    await dialog.getByText('还没有有效的分享链接。').waitFor();
    await shared.reload();
    await shared.getByText('该分享链接已失效或不存在。').waitFor();
    await colleague.close();
    await context.close();
  });
});
