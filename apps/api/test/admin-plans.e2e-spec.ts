import { PLAN_SEED } from '../src/database/seeds/plans.seed';
import { Plan } from '../src/modules/billing/entities/plan.entity';
import { verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';

describe('plans edited by support staff (contract §9)', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const tokens: Record<string, string> = {};
  const as = (role: string) => ({ Authorization: `Bearer ${tokens[role]}` });
  const input = {
    code: 'team_quarterly',
    name: '团队版（季付）',
    nameEn: 'Team (quarterly)',
    dailyViewLimit: 50,
    stageFeeDiscount: 15,
    favouritesAndHistory: false,
    benefits: ['适合团队'],
    benefitsEn: ['For teams'],
    priceCny: 59900,
    priceUsd: 8900,
    periodType: 'quarterly',
    tier: 2,
    isVip: false,
    isValid: true,
    popular: false,
    stripePriceId: null,
    alipayProductCode: 'FAST_INSTANT_TRADE_PAY',
    sortOrder: 60,
  };

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
    await t.db.getRepository(Plan).insert(PLAN_SEED);
    for (const role of ['admin', 'support', 'Free']) {
      const u = await verifiedUser(t, sink, role.toLowerCase());
      await t.db.query(`UPDATE users SET role = $2 WHERE id = $1`, [u.session.user.id, role]);
      tokens[role] = u.session.access_token;
    }
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('lets support read every field of every plan, and neither support nor users change them', async () => {
    // An admin list like the others (contract §10): {items, total, page, pageSize}.
    const page = (await t.http.get('/api/admin/plans').set(as('support')).expect(200)).body;
    expect(page).toMatchObject({ total: PLAN_SEED.length, page: 1, pageSize: 20 });
    const list = page.items;
    expect(list).toHaveLength(PLAN_SEED.length);
    const second = (await t.http.get('/api/admin/plans?page=2&pageSize=2').set(as('support')).expect(200))
      .body;
    expect(second.items.map((p: { code: string }) => p.code)).toEqual([list[2].code, list[3].code]);
    await t.http.get('/api/admin/plans?pageSize=101').set(as('support')).expect(400);
    expect(list[0]).toMatchObject({
      code: 'basic_monthly',
      priceCny: 3900,
      priceUsd: 600,
      nameEn: 'Basic (monthly)',
    });
    await t.http
      .get('/api/admin/plans')
      .set(as('Free'))
      .expect(403, /FORBIDDEN/);
    await t.http.get('/api/admin/plans').expect(401);
    await t.http.post('/api/admin/plans').set(as('support')).send(input).expect(403);
    await t.http.post('/api/admin/plans').set(as('Free')).send(input).expect(403);
  });

  it('lets an admin create, change and delete a plan, each write audited and seen by buyers', async () => {
    const created = await t.http.post('/api/admin/plans').set(as('admin')).send(input).expect(201);
    expect(created.body).toMatchObject({ ...input, id: expect.any(String) });
    await t.http
      .post('/api/admin/plans')
      .set(as('admin'))
      .send(input)
      .expect(409, /CONFLICT/);
    const id = created.body.id as string;
    await t.http
      .put(`/api/admin/plans/${id}`)
      .set(as('admin'))
      .send({ ...input, priceCny: 49900 })
      .expect(200);
    const publicPlan = (await t.http.get('/api/users/subscriptions/plans').expect(200)).body.find(
      (p: { id: string }) => p.id === id,
    );
    // Its features are written from its entitlements, nothing else.
    expect(publicPlan).toMatchObject({
      planName: '团队版（季付）',
      displayPrice: '¥499.00/季',
      features: ['每天可阅读 50 个方案全文', '需求工坊阶段费用 8.5 折'],
    });
    // A promise is not something an admin can write.
    await t.http
      .put(`/api/admin/plans/${id}`)
      .set(as('admin'))
      .send({ ...input, features: ['优先客服'] })
      .expect(400, /features/);
    await t.http.delete(`/api/admin/plans/${id}`).set(as('admin')).expect(204);
    await t.http.delete(`/api/admin/plans/${id}`).set(as('admin')).expect(404);
    const audit = await t.db.query(
      `SELECT action, details FROM audit_entries WHERE "targetId" = $1 ORDER BY "createdAt"`,
      [id],
    );
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'plan.create',
      'plan.update',
      'plan.delete',
    ]);
    expect(audit[1].details.before.priceCny).toBe(59900);
    expect(audit[1].details.after.priceCny).toBe(49900);
  });

  it('refuses invalid plans field by field, and keeps a plan that has orders', async () => {
    const res = await t.http
      .post('/api/admin/plans')
      .set(as('admin'))
      .send({ ...input, code: 'Bad Code', priceCny: -1, periodType: 'fortnightly', extra: 1 })
      .expect(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(
      ['code', 'extra', 'periodType', 'priceCny'].sort(),
    );
    const [basic] = await t.db.query(`SELECT id FROM plans WHERE code = 'basic_monthly'`);
    const buyer = await verifiedUser(t, sink, 'buyer');
    await t.http
      .post('/api/payments/alipay/create-order')
      .set({ Authorization: `Bearer ${buyer.session.access_token}` })
      .send({ paymentType: 'subscription', priceId: basic.id })
      .expect(200);
    await t.http
      .delete(`/api/admin/plans/${basic.id}`)
      .set(as('admin'))
      .expect(409, /PLAN_IN_USE/);
  });
});
