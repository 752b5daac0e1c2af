import { Role } from '@think-tank/contracts';
import { bearer, verifiedUser } from './support/accounts';
import { createSolution, insertUser, insertViewOrder, paySandbox } from './support/factories';
import { appWithMailSink, type TestApp } from './support/test-app';

/**
 * Contract §12: an account with open payments cannot be deleted; one without a password confirms by a code; a
 * deleted account leaves no name or e-mail in audit entries or order subjects; the export holds everything, the
 * consent log included.
 */
let t: TestApp;
const sink = appWithMailSink((app) => (t = app));
type Auth = Record<string, string>;
const remove = (auth: Auth, body: object) => t.http.delete('/api/users/me').set(auth).send(body);

describe('deleting an account with money on its way', () => {
  it('is refused while an order is pending (409 ACCOUNT_HAS_OPEN_PAYMENTS), and goes once it is cancelled', async () => {
    const u = await verifiedUser(t, sink, 'pending');
    const solution = await createSolution(t);
    const { orderId } = (
      await t.http
        .post('/api/solutions/initiate-solution-payment')
        .set(bearer(u))
        .send({ solutionId: solution.id })
        .expect(200)
    ).body;
    const refused = await remove(bearer(u), { password: u.password }).expect(409);
    expect(refused.body.code).toBe('ACCOUNT_HAS_OPEN_PAYMENTS');
    await t.http.get('/api/auth/me').set(bearer(u)).expect(200);
    await t.http.post(`/api/payments/orders/${orderId}/cancel`).set(bearer(u)).expect(204);
    await remove(bearer(u), { password: u.password }).expect(204);
  });

  it('is refused while a subscription would renew, until it is cancelled', async () => {
    const subscriber = await insertUser(t, Role.Free, { passwordHash: null });
    const [plan] = await t.db.query(
      `INSERT INTO plans (code, name, "nameEn", "priceCny", "priceUsd", "periodType")
       VALUES ('privacy_monthly', '月度', 'Monthly', 1000, 200, 'monthly') RETURNING id`,
    );
    const paid = await insertViewOrder(t, subscriber.id, (await createSolution(t)).id, { status: 'paid' });
    await t.db.query(
      `INSERT INTO subscriptions ("userId", "planId", "orderId", gateway, status, "currentPeriodStart",
                                  "currentPeriodEnd", "stripeSubscriptionId")
       VALUES ($1, $2, $3, 'stripe', 'active', now(), now() + interval '20 days', 'sub_privacy')`,
      [subscriber.id, plan.id, paid.id],
    );
    await t.http
      .post('/api/users/me/confirmation-code')
      .set(subscriber.auth)
      .send({ purpose: 'delete-account' })
      .expect(200);
    const code = await sink.code(subscriber.user.email!);
    expect((await remove(subscriber.auth, { code }).expect(409)).body.code).toBe('ACCOUNT_HAS_OPEN_PAYMENTS');
    await t.db.query(`UPDATE subscriptions SET "canceledAt" = now() WHERE "userId" = $1`, [subscriber.id]);
    await remove(subscriber.auth, { code }).expect(204);
  });
});

describe('deleting an account without a password', () => {
  it('is confirmed by a code sent to its address, never by the username the dialog shows', async () => {
    const provider = await insertUser(t, Role.Free, { passwordHash: null });
    // The username was the old confirmation: anyone holding the session could read it off the page.
    expect((await remove(provider.auth, { password: provider.user.username }).expect(400)).body.code).toBe(
      'WRONG_PASSWORD',
    );
    await remove(provider.auth, { code: '123456' }).expect(400);
    const sent = await t.http
      .post('/api/users/me/confirmation-code')
      .set(provider.auth)
      .send({ purpose: 'delete-account' })
      .expect(200);
    expect(sent.body.message).toBeTruthy();
    const code = await sink.code(provider.user.email!);
    await remove(provider.auth, { code: code === '000000' ? '111111' : '000000' }).expect(400);
    await remove(provider.auth, { code }).expect(204);
    await t.http.get('/api/auth/me').set(provider.auth).expect(401);
  });

  it('takes a code for the purpose it was sent for only', async () => {
    const provider = await insertUser(t, Role.Free, { passwordHash: null });
    const confirm = (purpose: string) =>
      t.http.post('/api/users/me/confirmation-code').set(provider.auth).send({ purpose }).expect(200);
    await confirm('delete-account');
    const forDeletion = await sink.code(provider.user.email!);
    await t.http
      .put('/api/auth/password')
      .set(provider.auth)
      .send({ newPassword: 'N3w!passw0rd', code: forDeletion })
      .expect(400);
    await confirm('set-password');
    const code = /(\d{6})/.exec((await sink.last(provider.user.email!, 2)).text ?? '')![1];
    await t.http
      .put('/api/auth/password')
      .set(provider.auth)
      .send({ newPassword: 'N3w!passw0rd', code })
      .expect(200);
  });

  it('asks an account with a password for its password, not a code', async () => {
    const u = await verifiedUser(t, sink, 'withpassword');
    await t.http
      .post('/api/users/me/confirmation-code')
      .set(bearer(u))
      .send({ purpose: 'delete-account' })
      .expect(409);
  });
});

describe('what a deleted account leaves', () => {
  it('leaves no name or e-mail in audit entries or order subjects', async () => {
    const u = await verifiedUser(t, sink, 'traceless');
    const admin = await insertUser(t, Role.Admin);
    // Support changed the account (the audit entry's snapshot), and the account bought a demand's start-up,
    // named as the form names it by default.
    await t.http
      .patch(`/api/admin/users/${u.session.user.id}`)
      .set(admin.auth)
      .send({ isPaid: true })
      .expect(200);
    await t.http
      .patch(`/api/admin/users/${u.session.user.id}`)
      .set(admin.auth)
      .send({ isPaid: false })
      .expect(200);
    const { demandId } = (
      await t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(u))
        .send({
          name: `来自 ${u.username} 的需求 2026-11-29 10:00`,
          content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
          keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
        })
        .expect(201)
    ).body;
    const { orderId } = (
      await t.http.post('/api/payments/initiate-demand-startup').set(bearer(u)).send({ demandId }).expect(200)
    ).body;
    await t.http.post(`/api/payments/orders/${orderId}/cancel`).set(bearer(u)).expect(204);
    await remove(bearer(u), { password: u.password }).expect(204);

    const holding = async (table: string, column: string) =>
      (
        await t.db.query(
          `SELECT 1 FROM ${table} WHERE ${column}::text ILIKE $1 OR ${column}::text ILIKE $2`,
          [`%${u.username}%`, `%${u.email}%`],
        )
      ).length;
    expect(await holding('audit_entries', 'details')).toBe(0);
    expect(await holding('orders', 'subject')).toBe(0);
  });
});

describe('the data export', () => {
  it('holds refunds, staff actions on the account, stage history, demand events, provider ids and the consent log', async () => {
    const u = await verifiedUser(t, sink, 'exporter');
    const id = u.session.user.id;
    const admin = await insertUser(t, Role.Admin);
    // Accepted twice (the dialog after a new version, say): the log keeps every acceptance, not the last.
    const legal = (await t.http.get('/api/site/legal').expect(200)).body;
    for (let i = 0; i < 2; i++)
      await t.http
        .post('/api/auth/accept-terms')
        .set(bearer(u))
        .send({ termsVersion: legal.terms, privacyVersion: legal.privacy })
        .expect(204);
    await t.db.query(
      `INSERT INTO identities (provider, "providerUserId", "userId") VALUES ('github', 'gh-42', $1)`,
      [id],
    );
    const bought = (
      await t.http
        .post('/api/solutions/initiate-solution-payment')
        .set(bearer(u))
        .send({ solutionId: (await createSolution(t)).id })
        .expect(200)
    ).body as { orderId: string; paymentUrl: string };
    await paySandbox(t, bought.paymentUrl);
    const order = { id: bought.orderId };
    await t.http.post(`/api/admin/orders/${order.id}/refund`).set(admin.auth).expect(200);
    await t.http.patch(`/api/admin/users/${id}`).set(admin.auth).send({ vipStartupQuota: 2 }).expect(200);

    const exported = JSON.parse((await t.http.get('/api/users/me/export').set(bearer(u)).expect(200)).text);
    expect(exported.consents).toHaveLength(2);
    expect(exported.consents[0]).toMatchObject({
      termsVersion: legal.terms,
      privacyVersion: legal.privacy,
      acceptedAt: expect.any(String),
      address: expect.stringContaining('127.0.0.1'),
    });
    expect(exported.signInProviders).toEqual([
      expect.objectContaining({ provider: 'github', providerUserId: 'gh-42' }),
    ]);
    expect(exported.refunds).toEqual([expect.objectContaining({ orderId: order.id, status: 'succeeded' })]);
    expect(exported.staffActions.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['order.refund', 'user.update']),
    );
    // Staff are not named: what was done to the account, not by whom.
    expect(JSON.stringify(exported.staffActions)).not.toContain(admin.user.username);
    expect(exported).toHaveProperty('demandEvents');
    for (const demand of exported.demands) expect(demand).toHaveProperty('stages');
  });
});
