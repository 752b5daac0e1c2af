import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, newVerifiedUser, paidDemand } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');

describe('the requirements workshop in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('submits a requirement, pays, watches it complete live, edits, selects modules, pays the next stage and opens the lab', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('workshop'));

    // From a search with no match (no word of it is one the library knows), carrying the keywords.
    await page.goto(`${baseUrl}/?q=${encodeURIComponent('火星殖民地 xyzzy')}`);
    await page.getByRole('link', { name: '没有找到合适的方案？创建新需求' }).click();
    await page.waitForURL(`${baseUrl}/requirements`);
    await page.getByText('违法需求（如毒品、武器、军事相关）将不予处理。').waitFor();
    expect(await page.getByLabel('需求描述').inputValue()).toBe('火星殖民地 xyzzy');

    await page
      .getByLabel('需求描述')
      .fill('连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。');
    await page.getByLabel('关键价值点').fill('太短了');
    await page.getByRole('button', { name: '提交需求' }).click();
    await page.getByText('关键价值点描述过短，请至少输入20个字符。').waitFor();
    await page.getByRole('tab', { name: '数据与机制' }).click();
    await page.getByLabel('算法方向').fill('时间序列预测');
    await page.getByRole('tab', { name: '基本信息' }).click();
    await page.getByLabel('关键价值点').fill('库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。');
    await snap(page, 'workshop-01-requirements');
    await page.getByRole('button', { name: '提交需求' }).click();

    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    expect(await page.getByText('¥29.00').isVisible()).toBe(true);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();

    // Live messages arrive, then the stage completes.
    await page.getByTestId('live-connection').getByText('已连接').waitFor();
    await page.getByTestId('live-panel').getByText('已匹配业务模块').waitFor();
    await page.getByTestId('stage-output-Startup').waitFor({ timeout: 30_000 });
    // The output card and the live line come by different ways (refetch, socket): wait for each.
    await page.getByTestId('live-panel').getByText('处理完成').first().waitFor();
    expect(await page.getByTestId('live-panel').textContent()).toMatch(/\d{2}:\d{2}:\d{2} \[启动\]/);
    // Each stage says what it is for, and when it last changed, to the minute.
    await expect
      .poll(() => page.getByTestId('step-Startup').textContent())
      .toMatch(/启动.*需求设计更新于 \d{4}年\d{1,2}月\d{1,2}日\s\d{2}:\d{2}/);
    expect(await page.getByTestId('step-Expansion').textContent()).toContain('机制化与价值深化');
    await snap(page, 'workshop-02-startup-completed');

    // Edit the summary and save.
    const startup = page.getByTestId('stage-output-Startup');
    await startup.getByRole('button', { name: '编辑' }).click();
    await startup.getByLabel('要解决的问题').fill('门店缺货与积压并存，库存成本高。');
    await startup.getByRole('button', { name: '保存' }).click();
    await startup.getByText('已保存').waitFor();
    expect(await startup.getByText('门店缺货与积压并存，库存成本高。').isVisible()).toBe(true);
    // An outcome and a metric's unit are edited the same way.
    await startup.getByRole('button', { name: '编辑' }).click();
    const outcome = startup.getByTestId('outcome-editor').first();
    await outcome.getByLabel('成果标题').fill('库存周转提速');
    await outcome.getByLabel('成果内容').fill('库存周转天数降到30天以内');
    await startup.getByLabel('单位').first().fill('天');
    await snap(page, 'workshop-02b-editing-outcome');
    await startup.getByRole('button', { name: '保存' }).click();
    await startup.getByText('库存周转天数降到30天以内').waitFor();
    expect(await startup.getByText('库存周转提速：').isVisible()).toBe(true);

    // Select two modules: the fee notice shows the exact fee before confirming.
    const boxes = startup.getByRole('checkbox');
    await boxes.nth(0).check();
    await startup.getByText('已选 1 个模块').waitFor();
    await boxes.nth(1).check();
    await startup.getByText('已选 2 个模块').waitFor();
    await page.getByTestId('fee-notice').getByText('进入该阶段需支付 ¥200.00（2 个模块）。').waitFor();
    const enter = page.getByTestId('enter-stage');
    await enter.getByRole('textbox', { name: '数据采集方式' }).fill('门店 POS 每日导出');
    await enter.getByLabel('绝密').check();
    await snap(page, 'workshop-03-enter-preparation');
    await enter.getByRole('button', { name: '支付并进入' }).click();

    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    expect(await page.getByText('¥200.00').isVisible()).toBe(true);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(detailUrl);
    await page.getByTestId('stage-output-Preparation').waitFor({ timeout: 30_000 });
    await page.getByTestId('step-Preparation').getByText('已完成').first().waitFor();
    await snap(page, 'workshop-04-preparation-completed');

    // The outcome card opens the PRD in the lab viewer, sandboxed.
    await page.getByRole('link', { name: '产品原型 / 详细设计文档' }).click();
    await page.waitForURL(/\/demand-lab\/lab-[0-9a-f]+\/prd\.html$/);
    const frame = page.locator('iframe[title="生成的文档"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-modals');
    await page.frameLocator('iframe[title="生成的文档"]').getByText('产品需求文档（PRD）').first().waitFor();
    await snap(page, 'workshop-05-lab-prd');
    // An address with a #section opens the frame at that heading.
    const lab = new URL(page.url()).pathname.split('/')[2];
    await page.goto(`${baseUrl}/demand-lab/${lab}/indexp.html#startup-outcomes`);
    const labFrame = (await (await frame.elementHandle())!.contentFrame())!;
    await labFrame.locator('#startup-outcomes').waitFor();
    await expect
      .poll(() =>
        labFrame.evaluate(() => document.getElementById('startup-outcomes')!.getBoundingClientRect().top),
      )
      .toBeLessThan(5);
    expect(await labFrame.evaluate(() => [location.hash, window.scrollY > 0])).toEqual([
      '#startup-outcomes',
      true,
    ]);
    await snap(page, 'workshop-05b-lab-anchor');

    // The list shows it, completed.
    await page.goto(`${baseUrl}/demand-list?status=Completed`);
    const card = page.getByTestId('demand-card').first();
    await card.getByText('已完成').waitFor();
    expect(await card.getByText('当前阶段：筹备').isVisible()).toBe(true);
    await snap(page, 'workshop-06-list');
    await context.close();
  });

  it('takes a VIP-plan buyer through Startup and Preparation without paying a stage fee', async () => {
    const { context, page } = await signedInPage(browser, await newVerifiedUser('vipplan'));
    await page.goto(`${baseUrl}/subscription`);
    await page.getByTestId('plan-card').filter({ hasText: 'VIP 会员（年付）' }).getByRole('button').click();
    await page.waitForURL(`${baseUrl}/payment`);
    await page.getByRole('button', { name: '确认订阅' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);
    await page.getByRole('button', { name: '模拟支付成功' }).click();
    await page.waitForURL(`${baseUrl}/subscription-management`);

    await page.goto(`${baseUrl}/requirements`);
    await page.getByText('VIP 用户使用启动额度，无需支付（剩余 3 次）。').waitFor();
    await page
      .getByLabel('需求描述')
      .fill('连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。');
    await page.getByLabel('关键价值点').fill('库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。');
    await page.getByRole('button', { name: '使用 VIP 额度提交' }).click();
    // Straight to the demand: no cashier.
    await page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    const startup = page.getByTestId('stage-output-Startup');
    await startup.waitFor({ timeout: 30_000 });
    await startup.getByRole('checkbox').nth(0).check();
    await startup.getByText('已选 1 个模块').waitFor();
    const enter = page.getByTestId('enter-stage');
    await enter.getByText('VIP 用户免费进入该阶段。').waitFor();
    await snap(page, 'workshop-07-vip-plan-enter');
    await enter.getByRole('button', { name: 'VIP 免费进入' }).click();
    await page.getByTestId('stage-output-Preparation').waitFor({ timeout: 30_000 });
    expect(page.url()).toMatch(/\/demand-store\/[0-9a-f-]{36}$/);
    await snap(page, 'workshop-08-vip-plan-preparation');
    await context.close();
  });

  it('revises the demand: Startup runs again from the new text, with live lines in the reader’s language', async () => {
    const user = await newVerifiedUser('revise');
    const id = await paidDemand(user, {
      name: 'Revise me',
      content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
      keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
    });
    const { context, page } = await signedInPage(browser, user, 'en-US');
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseUrl}/demand-store/${id}`);
    await page.getByTestId('stage-output-Startup').waitFor({ timeout: 30_000 });
    const panel = page.getByTestId('live-panel');
    // The stored history, read in English although the job wrote Chinese messages.
    await panel.getByText('Business modules matched').waitFor();
    await panel.getByText('Processing finished').first().waitFor();
    expect(await panel.textContent()).not.toContain('处理完成');
    await expect
      .poll(() => page.getByTestId('step-Startup').textContent())
      .toMatch(/Startup.*Demand designUpdated [A-Z][a-z]{2} \d{1,2}, \d{4},\s\d{1,2}:\d{2}\s[AP]M/);

    await page.getByRole('button', { name: 'Modify the original requirement and regenerate' }).click();
    const form = page.getByRole('form', { name: 'Modify the original requirement and regenerate' });
    await form.getByLabel('Key value points').fill('too short');
    await form.getByRole('button', { name: 'Regenerate' }).click();
    await form
      .getByText('The key value points are too short: please write at least 20 characters.')
      .waitFor();
    const content = '社区生鲜店损耗高、订货靠经验，希望按天预测销量并自动生成订货单，减少报损。';
    await form.getByLabel('Requirement', { exact: true }).fill(content);
    await form
      .getByLabel('Key value points')
      .fill('生鲜损耗率从8%降到4%，订货时间每天节省1小时，缺货率降低一半。');
    await form.getByRole('button', { name: 'Regenerate' }).click();
    // The re-run is announced, and its output, written from the new text, replaces the old one when it completes.
    await panel.getByText('Processing the Startup stage').nth(1).waitFor();
    await page
      .getByTestId('stage-output-Startup')
      .getByText(/社区生鲜店/)
      .first()
      .waitFor({ timeout: 30_000 });
    await snap(page, 'workshop-09-revised-english');
    const detail = (await (
      await fetch(`${baseUrl}/api/demand-store/${id}`, {
        headers: { authorization: `Bearer ${user.access_token}` },
      })
    ).json()) as { stagesData: { Startup: { status: string; input: { content: string } } } };
    expect(detail.stagesData.Startup).toMatchObject({ status: 'Completed', input: { content } });
    await context.close();
  });

  it('offers the lab only once a stage wrote something, and shows a missing file as the viewer’s not-found panel', async () => {
    const user = await newVerifiedUser('lab');
    const { context, page } = await signedInPage(browser, user);
    // A demand waiting for its start-up fee: nothing to open yet, so no button that leads to "not found".
    const { demandId } = await call<{ demandId: string }>(
      'POST',
      '/api/demand-store/register-demand',
      {
        name: '门店补货',
        content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
        keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半。',
      },
      user.access_token,
    );
    await page.goto(`${baseUrl}/demand-store/${demandId}`);
    await page.getByRole('heading', { name: '门店补货' }).waitFor();
    expect(await page.getByRole('link', { name: '打开成果查看器' }).count()).toBe(0);
    await page.goto(`${baseUrl}/demand-lab/lab-0000000000000000/indexp.html`);
    await page.getByText('资源未找到').waitFor();
    await page.goto(`${baseUrl}/demand-store/00000000-0000-4000-8000-000000000000`);
    await page.getByText('未找到该需求流程').waitFor();
    await context.close();
  });

  it('starts afresh when going straight from one demand to another: only the second one’s live lines', async () => {
    const user = await newVerifiedUser('switch');
    const demand = (name: string) => ({
      name,
      content: `${name}：门店库存周转慢，缺货与积压并存，希望用需求预测改善补货。`,
      keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半。',
    });
    const first = await paidDemand(user, demand('第一个需求'));
    const second = await paidDemand(user, demand('第二个需求'));
    const events = async (id: string) =>
      (await (
        await fetch(`${baseUrl}/api/demand-store/${id}/events?after=0`, {
          headers: { authorization: `Bearer ${user.access_token}` },
        })
      ).json()) as { event: string }[];
    for (const id of [first, second])
      await expect
        .poll(async () => (await events(id)).some((e) => e.event === 'demand_completed'), { timeout: 20_000 })
        .toBe(true);
    const { context, page } = await signedInPage(browser, user);
    const lines = page.getByTestId('live-panel').locator(':scope > div.mb-1');
    await page.goto(`${baseUrl}/demand-store/${first}`);
    await page.getByRole('heading', { name: '第一个需求' }).waitFor();
    await page.getByTestId('live-panel').getByText('处理完成').first().waitFor();
    expect(await lines.count()).toBe((await events(first)).length);
    // A link inside the app (a notification's, say): the router keeps the page, only the id changes.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/demand-store/${second}`);
    await page.getByRole('heading', { name: '第二个需求' }).waitFor();
    await page.getByTestId('live-panel').getByText('处理完成').first().waitFor();
    await expect.poll(() => lines.count()).toBe((await events(second)).length);
    await context.close();
  });
});
