import type { Browser } from 'playwright-core';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSolutionAsAdmin, loginAsAdmin, newVerifiedUser } from './support/api';
import { launchChromium, signedInPage, snap } from './support/browser';

const baseUrl = inject('baseUrl');
const DEMAND = {
  name: '来自客服测试的需求',
  content: '连锁药店会员复购率低，希望用会员画像和精准营销提升复购。',
  keyValuePoints: '会员复购率从25%提升到40%，营销成本降低20%，半年内见效。',
};

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type') ?? '').includes('json')
    ? ((await res.json()) as T)
    : (undefined as T);
}

describe('the support console in the browser', () => {
  let browser: Browser;
  const db = new Client({ connectionString: inject('databaseUrl') });
  beforeAll(async () => {
    browser = await launchChromium();
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await browser?.close();
  });

  it('lets support find a user, read the timeline and retry the failed stage; an admin makes the user VIP', async () => {
    // A user who paid the start-up fee, whose Startup stage then failed.
    const user = await newVerifiedUser('helpme');
    const { demandId } = await call<{ demandId: string }>(
      'POST',
      '/api/demand-store/register-demand',
      user.access_token,
      DEMAND,
    );
    const pay = await call<{ paymentUrl: string }>(
      'POST',
      '/api/payments/initiate-demand-startup',
      user.access_token,
      { demandId },
    );
    await call('POST', `${pay.paymentUrl}/pay`);
    for (let i = 0; i < 100; i++) {
      const d = await call<{ stagesData: { Startup: { status: string } } }>(
        'GET',
        `/api/demand-store/${demandId}`,
        user.access_token,
      );
      if (d.stagesData.Startup.status === 'Completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // The generation failure itself is covered by the API tests (a failing model behind the LLM generator).
    await db.query(
      `UPDATE demand_stages SET status = 'Error', "errorMessage" = '生成服务超时' WHERE "demandId" = $1 AND stage = 'Startup'`,
      [demandId],
    );
    await db.query(`UPDATE demands SET "overallStatus" = 'Error' WHERE id = $1`, [demandId]);

    const support = await newVerifiedUser('support');
    await db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [support.user.id]);
    const { context, page } = await signedInPage(browser, {
      ...support,
      user: { ...support.user, role: 'support' },
    });
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('heading', { name: '管理后台' }).waitFor();
    await page.getByLabel('邮箱、用户名或用户 ID').fill(user.email);
    await page.getByRole('button', { name: '查找' }).click();
    await page.getByRole('cell', { name: user.email }).click();
    const timeline = page.getByTestId('timeline');
    await timeline.getByText('订单已支付').waitFor();
    await timeline.getByText('启动阶段失败').waitFor();
    expect(await timeline.textContent()).toContain('生成服务超时');
    // Support may not make anyone VIP.
    expect(await page.getByLabel('角色').isDisabled()).toBe(true);
    await snap(page, 'admin-01-user-timeline');

    await page.getByRole('tab', { name: '需求' }).click();
    await page.getByLabel('状态').selectOption('Error');
    const row = page.getByTestId('demand-row').filter({ hasText: demandId });
    await row.getByText('生成服务超时').waitFor();
    await row.getByRole('button', { name: '重试' }).click();
    await page.getByText('启动阶段已重新排队').waitFor();
    await snap(page, 'admin-02-stage-retried');
    for (let i = 0; i < 100; i++) {
      const d = await call<{ stagesData: { Startup: { status: string } } }>(
        'GET',
        `/api/demand-store/${demandId}`,
        user.access_token,
      );
      if (d.stagesData.Startup.status === 'Completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const after = await call<{ stagesData: { Startup: { status: string } } }>(
      'GET',
      `/api/demand-store/${demandId}`,
      user.access_token,
    );
    expect(after.stagesData.Startup.status).toBe('Completed');
    await context.close();

    // An admin makes the user VIP.
    const admin = await loginAsAdmin();
    const adminPage = await signedInPage(browser, admin);
    adminPage.page.on('dialog', (d) => void d.accept());
    await adminPage.page.goto(`${baseUrl}/admin`);
    await adminPage.page.getByLabel('邮箱、用户名或用户 ID').fill(user.email);
    await adminPage.page.getByRole('button', { name: '查找' }).click();
    await adminPage.page.getByRole('cell', { name: user.email }).click();
    await adminPage.page.getByLabel('角色').selectOption('vip');
    await adminPage.page.getByRole('button', { name: '保存修改' }).click();
    await adminPage.page.getByText('已保存').waitFor();
    await adminPage.page.getByTestId('timeline').getByText('user.update').waitFor();
    await expect.poll(() => adminPage.page.getByLabel('VIP 启动额度').inputValue()).toBe('3');
    await snap(adminPage.page, 'admin-03-made-vip');
    await adminPage.context.close();

    // The user's next start-up needs no payment.
    const own = await signedInPage(browser, user);
    await own.page.goto(`${baseUrl}/requirements`);
    await own.page.getByText('VIP 用户使用启动额度，无需支付（剩余 3 次）。').waitFor();
    await own.page.getByLabel('需求描述').fill(DEMAND.content);
    await own.page.getByLabel('关键价值点').fill(DEMAND.keyValuePoints);
    await own.page.getByRole('button', { name: '使用 VIP 额度提交' }).click();
    await own.page.waitForURL(/\/demand-store\/[0-9a-f-]{36}$/);
    await own.page.getByTestId('stage-output-Startup').waitFor({ timeout: 30_000 });
    await snap(own.page, 'admin-04-vip-startup');
    await own.context.close();
  });

  it('lets an admin refund a paid order through its gateway, and shows what the stage sweep did', async () => {
    const buyer = await newVerifiedUser('refundme');
    const solutionId = await createSolutionAsAdmin({
      projectName: '退款测试方案',
      projectRequirements: '退款',
      projectRequirementsDetails: '退款',
      html: '<h1>退款</h1>',
    });
    const order = await call<{ orderId: string; paymentUrl: string }>(
      'POST',
      '/api/solutions/initiate-solution-payment',
      buyer.access_token,
      { solutionId, itemId: 'single_solution_view', itemType: 'solution_view', amount: 500, currency: 'CNY' },
    );
    await call('POST', `${order.paymentUrl}/pay`);
    await call('GET', `/api/solutions/${solutionId}/view`, buyer.access_token);

    const admin = await loginAsAdmin();
    const { context, page } = await signedInPage(browser, admin);
    const asked: string[] = [];
    page.on('dialog', (d) => (asked.push(d.message()), void d.accept()));
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('tab', { name: '订单' }).click();
    await page.getByLabel('状态').selectOption('paid');
    const row = page.getByTestId('order-row').filter({ hasText: order.orderId });
    await row.getByRole('button', { name: '退款' }).click();
    await page.getByText('已由支付渠道退款，权益已收回').waitFor();
    expect(asked.at(-1)).toContain('¥5.00');
    await page.getByLabel('状态').selectOption('refunded');
    await page.getByTestId('order-row').filter({ hasText: order.orderId }).waitFor();
    const refused = await fetch(`${baseUrl}/api/solutions/${solutionId}/view`, {
      headers: { authorization: `Bearer ${buyer.access_token}` },
    });
    expect(refused.status).toBe(402);
    await snap(page, 'admin-06-refunded');

    await page.getByRole('tab', { name: '队列' }).click();
    await page
      .getByTestId('last-sweep')
      .getByText(/上次阶段巡检/)
      .waitFor();
    await snap(page, 'admin-07-queues-sweep');
    await context.close();
  });

  it('lets an admin import solutions as JSON and edit one', async () => {
    const admin = await loginAsAdmin();
    const { context, page } = await signedInPage(browser, admin);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('tab', { name: '方案库' }).click();
    await page.getByLabel('批量导入（JSON 数组）').fill('{"not": "an array"}');
    await page.getByText('需要一个数组').waitFor();
    const solution = {
      projectName: '导入的渔业养殖方案',
      projectRequirements: '鱼塘溶氧监测',
      projectRequirementsDetails: '夜间增氧',
      html: '<h1>渔业</h1>',
    };
    await page.getByLabel('批量导入（JSON 数组）').fill(JSON.stringify([solution]));
    await page.getByRole('button', { name: '导入', exact: true }).click();
    await page.getByText('已导入 1 个方案').waitFor();
    await page.getByLabel('方案名称或关键词').fill('渔业养殖');
    await page.getByRole('button', { name: '查找' }).click();
    await page.getByRole('cell', { name: '导入的渔业养殖方案' }).click();
    expect(await page.getByLabel('HTML 文档').inputValue()).toContain('<h1>渔业</h1>');
    await page.getByLabel('方案名称', { exact: true }).fill('渔业养殖增氧方案');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('方案已保存').waitFor();
    const found = await fetch(`${baseUrl}/api/solutions/search?query=${encodeURIComponent('增氧方案')}`).then(
      (r) => r.json(),
    );
    expect(found.list.map((x: { projectName: string }) => x.projectName)).toContain('渔业养殖增氧方案');
    await snap(page, 'admin-05-solutions');
    await context.close();
  });

  it('lets an admin add, reprice and delete a plan, saying what is wrong first; support has no plans tab', async () => {
    const admin = await loginAsAdmin();
    const { context, page } = await signedInPage(browser, admin);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('tab', { name: '套餐' }).click();
    await page.getByRole('button', { name: /基础版（月付）/ }).waitFor();

    await page.getByRole('button', { name: '新建套餐' }).click();
    const form = page.getByRole('form', { name: '套餐' });
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.getByText('2–64 个小写字母、数字或下划线').waitFor();
    await form.getByLabel('代码（小写字母、数字、_）').fill('team_monthly');
    await form.getByLabel('名称（中文）').fill('团队版（月付）');
    await form.getByLabel('名称（英文）').fill('Team (monthly)');
    await form.getByLabel('美元价格（USD）').fill('9');
    await form.getByLabel('人民币价格（元）').fill('59.999');
    await form.getByText('请输入金额，最多两位小数').waitFor();
    await form.getByLabel('人民币价格（元）').fill('59.9');
    await form.getByLabel('在售').check();
    // Entitlements, not promises: the features buyers read are written from them, shown as they are typed.
    await form.getByLabel('每天可阅读方案数').fill('50');
    await form.getByLabel('阶段费用折扣（%）').fill('15');
    await form.getByTestId('plan-features').getByText('需求工坊阶段费用 8.5 折').waitFor();
    await form.getByLabel('适用人群（中文）').fill('适合团队');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('套餐已保存').waitFor();
    await page.getByRole('button', { name: /团队版（月付）.*¥59\.90 \/ \$9\.00/ }).waitFor();
    await snap(page, 'admin-08-plans');

    type Plan = {
      id: string;
      code: string;
      priceCny: number;
      priceUsd: number;
      dailyViewLimit: number | null;
      features: string[];
    };
    const plans = () =>
      call<{ items: Plan[] }>('GET', '/api/admin/plans?pageSize=100', admin.access_token).then((l) =>
        l.items.find((p) => p.code === 'team_monthly'),
      );
    expect(await plans()).toMatchObject({
      priceCny: 5990,
      priceUsd: 900,
      dailyViewLimit: 50,
      features: ['每天可阅读 50 个方案全文', '需求工坊阶段费用 8.5 折'],
    });
    const offered = await call<{ id: string }[]>('GET', '/api/users/subscriptions/plans');
    expect(offered.map((p) => p.id)).toContain((await plans())!.id);

    await form.getByLabel('人民币价格（元）').fill('69');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('button', { name: /团队版（月付）.*¥69\.00/ }).waitFor();
    expect((await plans())?.priceCny).toBe(6900);
    await form.getByRole('button', { name: '删除' }).click();
    await page.getByText('套餐已删除').waitFor();
    expect(await plans()).toBeUndefined();
    await context.close();

    const support = await newVerifiedUser('planless');
    await db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [support.user.id]);
    const asSupport = await signedInPage(browser, { ...support, user: { ...support.user, role: 'support' } });
    await asSupport.page.goto(`${baseUrl}/admin`);
    await asSupport.page.getByRole('tab', { name: '方案库' }).waitFor();
    expect(await asSupport.page.getByRole('tab', { name: '套餐' }).count()).toBe(0);
    await asSupport.context.close();
  });
});
