import { bearer, verifiedUser } from './support/accounts';
import { DEMAND } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';

type User = Awaited<ReturnType<typeof verifiedUser>>;

/** The VIP application (customer-area: /profile/vip-application) and support's review of it. */
describe('VIP applications', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  let support: User;
  let admin: User;
  const form = {
    company: '杭州鲜达冷链有限公司',
    contactName: '王芳',
    phone: '138 0013 8000',
    email: 'wang@example.cn',
    industry: 'logistics',
    purpose: '社区团购冷链配送的损耗率偏高，想用需求工坊梳理改进方案并分阶段落地。',
  };
  const apply = (u: User, body: object = form) =>
    t.http.post('/api/users/vip-application').set(bearer(u)).send(body);
  const mine = async (u: User) =>
    (await t.http.get('/api/users/vip-application').set(bearer(u)).expect(200)).body.application;
  const decide = (id: string, how: 'approve' | 'reject', body: object = {}, who: User = support) =>
    t.http.post(`/api/admin/vip-applications/${id}/${how}`).set(bearer(who)).send(body);
  /** A fresh session: a role change ends the old access token's life. */
  const relogin = async (u: User) => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ username: u.username, password: u.password })
      .expect(200);
    return { ...u, session: res.body };
  };

  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: await sink.start() });
    support = await verifiedUser(t, sink, 'support');
    await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [support.session.user.id]);
    admin = await verifiedUser(t, sink, 'admin');
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.session.user.id]);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('checks every field with the form’s rules, in the reader’s language, storing nothing', async () => {
    const u = await verifiedUser(t, sink, 'applicant');
    const bad = await apply(u, { ...form, company: ' ', phone: '12ab', industry: 'piracy', purpose: '太短' })
      .set('Accept-Language', 'en')
      .expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'company', message: 'Please enter the company name.' }),
        expect.objectContaining({ field: 'phone' }),
        expect.objectContaining({ field: 'industry', message: 'Please choose an industry.' }),
        expect.objectContaining({ field: 'purpose' }),
      ]),
    );
    const long = await apply(u, { ...form, purpose: '长'.repeat(300_000) }).expect(400);
    expect(long.body.details).toEqual([expect.objectContaining({ field: 'purpose', message: '内容过长' })]);
    await apply(u, { ...form, role: 'admin' }).expect(400, /fieldUnknown|不允许的字段/);
    expect(await mine(u)).toBeNull();
  });

  it('keeps one pending application per user, even for five at once', async () => {
    const u = await verifiedUser(t, sink, 'eager');
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(u)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(
      answers.filter((r) => r.status === 409).every((r) => r.body.code === 'VIP_APPLICATION_PENDING'),
    ).toBe(true);
    expect(await mine(u)).toMatchObject({ ...form, status: 'pending', decisionNote: null, decidedAt: null });
  });

  it('is support’s to review and an admin’s to approve: the user becomes VIP with the start-up quota, is told, and starts a demand without paying', async () => {
    const u = await verifiedUser(t, sink, 'approved');
    const { body: sent } = await apply(u).expect(201);
    await t.http.get('/api/admin/vip-applications').set(bearer(u)).expect(403);

    const queue = await t.http
      .get('/api/admin/vip-applications?status=pending')
      .set(bearer(support))
      .expect(200);
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({
        id: sent.id,
        userId: u.session.user.id,
        username: u.username,
        status: 'pending',
      }),
    );

    // A role change is an admin's act (contract §9): support may not make a VIP.
    await decide(sent.id, 'approve', { note: '推荐通过' }).expect(403);
    expect(await mine(u)).toMatchObject({ status: 'pending' });
    const approved = await decide(sent.id, 'approve', { note: '欢迎' }, admin).expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', decisionNote: '欢迎' });
    await decide(sent.id, 'approve', {}, admin).expect(409, /APPLICATION_DECIDED/);
    await decide(sent.id, 'reject', { note: 'too late' }).expect(409, /APPLICATION_DECIDED/);

    // The role is in the token: the old one ends, a new session carries it.
    await t.http.get('/api/auth/me').set(bearer(u)).expect(401);
    const vip = await relogin(u);
    expect((await t.http.get('/api/auth/me').set(bearer(vip)).expect(200)).body).toMatchObject({
      role: 'vip',
    });
    const [row] = await t.db.query(`SELECT "vipStartupQuota" FROM users WHERE id = $1`, [u.session.user.id]);
    expect(row.vipStartupQuota).toBe(3);
    const messages = (await t.http.get('/api/messages').set(bearer(vip)).expect(200)).body.messages;
    expect(messages[0]).toMatchObject({ title: 'VIP 申请已通过', actionUrl: '/requirements' });
    expect(messages[0].content).toContain('3 次需求启动额度');
    const [audit] = await t.db.query(
      `SELECT "actorId", details FROM audit_entries WHERE action = $1 AND "targetId" = $2`,
      ['vip_application.approve', u.session.user.id],
    );
    expect(audit).toMatchObject({ actorId: admin.session.user.id, details: { applicationId: sent.id } });

    const started = await t.http
      .post('/api/demand-store/use-vip-startup-quota')
      .set(bearer(vip))
      .send(DEMAND)
      .expect(201);
    expect(started.body).toMatchObject({ success: true });
    await apply(vip).expect(409, /ALREADY_VIP/);
  });

  it('rejects with a reason the user reads, after which they may apply again', async () => {
    const u = await verifiedUser(t, sink, 'rejected');
    const { body: sent } = await apply(u).expect(201);
    await decide(sent.id, 'reject', {}).expect(400);
    await decide(sent.id, 'reject', { note: '请补充公司营业执照信息' })
      .set('Accept-Language', 'en')
      .expect(200);
    expect(await mine(u)).toMatchObject({ status: 'rejected', decisionNote: '请补充公司营业执照信息' });
    const messages = (await t.http.get('/api/messages').set(bearer(u)).expect(200)).body.messages;
    expect(messages[0]).toMatchObject({ title: 'VIP 申请未通过', actionUrl: '/profile/vip-application' });
    expect((await t.http.get('/api/auth/me').set(bearer(u)).expect(200)).body.role).toBe('Free');
    await apply(u).expect(201);
  });

  it('decides an application once under 20 concurrent decisions; unknown ids are 404', async () => {
    const u = await verifiedUser(t, sink, 'raced');
    const { body: sent } = await apply(u).expect(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? decide(sent.id, 'approve', {}, admin) : decide(sent.id, 'reject', { note: 'no' }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM audit_entries WHERE action LIKE 'vip_application.%' AND "targetId" = $1`,
      [u.session.user.id],
    );
    expect(n).toBe(1);
    await decide('00000000-0000-4000-8000-000000000000', 'approve', {}, admin).expect(404);
    await decide('not-an-id', 'approve', {}, admin).expect(404);
  });
});
