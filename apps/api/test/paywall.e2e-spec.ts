import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { verifiedUser } from './support/accounts';
import { createSolution } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';

const LIMIT = 3;

describe('viewing solutions and the paywall (contract §4)', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  let solution: { id: string; projectName: string };
  const view = (id: string, token?: string, lang = 'zh-CN') => {
    const req = t.http.get(`/api/solutions/${id}/view`).set('Accept-Language', lang);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const userWith = async (changes: string) => {
    const u = await verifiedUser(t, sink, 'reader');
    if (changes) await t.db.query(`UPDATE users SET ${changes} WHERE id = $1`, [u.session.user.id]);
    return u;
  };

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start(), PAID_DAILY_VIEW_LIMIT: String(LIMIT) });
    await t.db.getRepository(Plan).insert(PLAN_SEED);
    solution = await createSolution(t, {
      projectName: '港口堆场调度',
      html: '<h1>堆场</h1><script>parent.x=1</script>',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('refuses a visitor with 401 before anything else, and answers an unknown or malformed id with 404', async () => {
    await view(solution.id).expect(401, /UNAUTHORIZED/);
    await view('00000000-0000-4000-8000-000000000000').expect(401);
    const reader = await userWith(`role = 'vip'`);
    await view('00000000-0000-4000-8000-000000000000', reader.session.access_token).expect(404, /NOT_FOUND/);
    await view('no-such-id', reader.session.access_token).expect(404);
  });

  it.each(['admin', 'support', 'vip'])(
    'lets %s read, as sandboxed HTML that is never cached or sniffed',
    async (role) => {
      const reader = await userWith(`role = '${role}'`);
      const res = await view(solution.id, reader.session.access_token).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(
        'sandbox allow-scripts allow-forms allow-popups allow-modals',
      );
      expect(res.headers['content-security-policy']).not.toContain('allow-same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).toBe('<h1>堆场</h1><script>parent.x=1</script>');
    },
  );

  it('answers a free reader 402 with every paywall field, in Chinese', async () => {
    const reader = await userWith('');
    const res = await view(solution.id, reader.session.access_token).expect(402);
    expect(res.body).toMatchObject({
      statusCode: 402,
      code: 'PAYMENT_REQUIRED_FOR_VIEW',
      error: 'PAYMENT_REQUIRED_FOR_VIEW',
      message: '阅读此方案需要付费',
      notice: expect.stringContaining('付费内容'),
      solutionName: '港口堆场调度',
      solutionId: solution.id,
      // The document's text, never its markup or its script.
      teaser: '堆场',
      preferChinesePayments: true,
      payPerViewOption: {
        description: '单次查看本方案（30 天内有效）',
        priceDisplay: '¥5.00',
        priceInfo: { amount: 500, currency: 'CNY' },
        itemId: 'single_solution_view',
      },
      subscriptionOptionsTitle: '订阅套餐',
      upgradeOptionsTitle: '升级套餐',
      upgradeOptions: [],
      vipApplicationInfo: {
        planName: 'VIP 会员（年付）',
        displayPrice: '¥2999.00/年',
        benefits: expect.arrayContaining(['不限量查看方案']),
        message: expect.any(String),
      },
    });
    // Valid, non-VIP subscription plans, in the reader's currency.
    expect(res.body.subscriptionOptions.map((p: { name: string }) => p.name)).toEqual([
      '基础版（月付）',
      '专业版（月付）',
      '专业版（季付）',
      '专业版（年付）',
    ]);
    expect(res.body.subscriptionOptions[1]).toMatchObject({
      displayPrice: '¥99.00/月',
      priceInfo: { amount: 9900, currency: 'CNY' },
      popular: true,
      isValid: true,
      periodType: 'monthly',
    });
  });

  it('speaks English, with USD plan prices, to an English reader', async () => {
    const reader = await userWith('');
    const res = await view(solution.id, reader.session.access_token, 'en-US').expect(402);
    expect(res.body).toMatchObject({
      message: 'Reading this solution requires payment.',
      preferChinesePayments: false,
      subscriptionOptionsTitle: 'Subscription plans',
    });
    expect(res.body.subscriptionOptions[0]).toMatchObject({
      name: 'Basic (monthly)',
      displayPrice: '$6.00 / month',
      priceInfo: { amount: 600, currency: 'USD' },
    });
  });

  it('lets a reader with a live pay-per-view purchase read, and not after it expired', async () => {
    const reader = await userWith('');
    const userId = reader.session.user.id;
    await t.db.query(
      `INSERT INTO solution_access_grants ("userId", "solutionId", "expiresAt") VALUES ($1, $2, now() - interval '1 minute')`,
      [userId, solution.id],
    );
    await view(solution.id, reader.session.access_token).expect(402);
    await t.db.query(
      `INSERT INTO solution_access_grants ("userId", "solutionId", "expiresAt") VALUES ($1, $2, now() + interval '30 days')`,
      [userId, solution.id],
    );
    await view(solution.id, reader.session.access_token).expect(200);
  });

  it('lets a paid reader open a limited number of distinct solutions a day, re-reading them freely', async () => {
    const reader = await userWith(`"isPaid" = true`);
    const token = reader.session.access_token;
    const solutions = [solution, ...(await Promise.all([1, 2, 3].map(() => createSolution(t))))];
    for (const s of solutions.slice(0, LIMIT)) await view(s.id, token).expect(200);
    await view(solutions[0].id, token).expect(200);
    const refused = await view(solutions[LIMIT].id, token).expect(403);
    expect(refused.body).toMatchObject({
      code: 'PAID_USER_DAILY_LIMIT_REACHED',
      notice: expect.stringContaining(`${LIMIT} 个不同的方案`),
      subscriptionOptions: [],
      payPerViewOption: { itemId: 'single_solution_view' },
    });
    expect(refused.body.upgradeOptions.map((p: { name: string }) => p.name)).toEqual([
      '专业版（月付）',
      '专业版（季付）',
      '专业版（年付）',
    ]);
  });

  it('counts the daily limit atomically: with one view left, 20 concurrent new solutions let exactly one through', async () => {
    const reader = await userWith(`"isPaid" = true`);
    const token = reader.session.access_token;
    const solutions = await Promise.all(Array.from({ length: LIMIT - 1 + 20 }, () => createSolution(t)));
    for (const s of solutions.slice(0, LIMIT - 1)) await view(s.id, token).expect(200);
    const statuses = await Promise.all(
      solutions.slice(LIMIT - 1).map((s) => view(s.id, token).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
  });

  it('refuses a disabled account', async () => {
    const reader = await userWith(`role = 'vip', disabled = true`);
    await view(solution.id, reader.session.access_token).expect(401);
  });
});
