import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import {
  JobName,
  QueueName,
  type AdminUser,
  type AuditItem,
  type TimelineEntry,
} from '@think-tank/contracts';
import type { Queue } from 'bull';
import { FakeLlmServer, VALID_OUTPUT } from './fakes/llm-server';
import { bearer, verifiedUser } from './support/accounts';
import {
  DEMAND,
  createSolution,
  paidDemand,
  registerDemand,
  startupOrder,
  paySandbox,
} from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { startTestWorker } from './support/worker';
import { waitFor } from './support/wait';

type User = Awaited<ReturnType<typeof verifiedUser>>;

describe('the support console (contract §9)', () => {
  const sink = new SmtpSink();
  const llm = new FakeLlmServer();
  let t: TestApp;
  let worker: INestApplicationContext;
  const staff: Record<'admin' | 'support' | 'vip' | 'Free', User> = {} as never;
  const as = (role: keyof typeof staff) => bearer(staff[role]);

  /** A pay-per-view order of `u`, at the sandbox cashier. */
  const viewOrder = async (u: User) => {
    const solution = await createSolution(t, { html: '<h1>方案</h1>' });
    const res = await t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(bearer(u))
      .send({
        solutionId: solution.id,
        itemId: 'single_solution_view',
        itemType: 'solution_view',
        amount: 500,
        currency: 'CNY',
      })
      .expect(200);
    return {
      solutionId: solution.id,
      orderId: res.body.orderId as string,
      paymentUrl: res.body.paymentUrl as string,
    };
  };
  const auditOf = async (targetId: string): Promise<AuditItem[]> =>
    (await t.http.get(`/api/admin/audit?targetId=${targetId}`).set(as('support')).expect(200)).body.items;

  beforeAll(async () => {
    // Stages fail when the model does, for support to retry them (no built-in fallback).
    t = await startTestApp({
      SMTP_URL: await sink.start(),
      LLM_BASE_URL: await llm.start(),
      LLM_FALLBACK: 'none',
    });
    llm.fallback = { text: JSON.stringify(VALID_OUTPUT) };
    worker = await startTestWorker(t);
    for (const role of ['admin', 'support', 'vip', 'Free'] as const) {
      staff[role] = await verifiedUser(t, sink, role.toLowerCase());
      await t.db.query(`UPDATE users SET role = $2 WHERE id = $1`, [staff[role].session.user.id, role]);
    }
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await Promise.all([sink.stop(), llm.stop()]);
  });

  it('is for support and admin only: users and VIPs get 403, nobody signed out gets in', async () => {
    for (const path of [
      '/api/admin/users',
      '/api/admin/orders',
      '/api/admin/demands',
      '/api/admin/queues',
      '/api/admin/audit',
    ]) {
      await t.http.get(path).expect(401);
      await t.http.get(path).set(as('Free')).expect(403);
      await t.http.get(path).set(as('vip')).expect(403);
      await t.http.get(path).set(as('support')).expect(200);
      await t.http.get(path).set(as('admin')).expect(200);
    }
  });

  it('finds users by part of the e-mail, pages the list and validates the query', async () => {
    const u = await verifiedUser(t, sink, 'findme');
    const found = await t.http
      .get(`/api/admin/users?query=${encodeURIComponent(u.email.slice(0, 10).toUpperCase())}`)
      .set(as('support'))
      .expect(200);
    expect(found.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(found.body.items[0]).toMatchObject({
      id: u.session.user.id,
      email: u.email,
      role: 'Free',
      disabled: false,
    });
    expect(found.body.items[0].passwordHash).toBeUndefined();
    const paged = await t.http.get('/api/admin/users?pageSize=2&page=2').set(as('support')).expect(200);
    expect(paged.body.items).toHaveLength(2);
    await t.http.get('/api/admin/users?pageSize=101').set(as('support')).expect(400);
    await t.http.get('/api/admin/users/not-a-uuid').set(as('support')).expect(404);
  });

  it('lets only an admin change role, paid flag and VIP quota; a new VIP gets 3 start-ups; every change audited', async () => {
    const u = await verifiedUser(t, sink, 'promote');
    const id = u.session.user.id;
    for (const patch of [{ role: 'vip' }, { isPaid: true }, { vipStartupQuota: 5 }])
      await t.http.patch(`/api/admin/users/${id}`).set(as('support')).send(patch).expect(403);
    await t.http.patch(`/api/admin/users/${id}`).set(as('admin')).send({ role: 'king' }).expect(400);
    await t.http.patch(`/api/admin/users/${id}`).set(as('admin')).send({ vipStartupQuota: -1 }).expect(400);
    await t.http.patch(`/api/admin/users/${id}`).set(as('admin')).send({ password: 'x' }).expect(400);
    const vip = (
      await t.http
        .patch(`/api/admin/users/${id}`)
        .set(as('admin'))
        .send({ role: 'vip', isPaid: true })
        .expect(200)
    ).body as AdminUser;
    expect(vip).toMatchObject({ role: 'vip', isPaid: true, vipStartupQuota: 3 });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      actorId: staff.admin.session.user.id,
      actorName: staff.admin.username,
      action: 'user.update',
      targetType: 'user',
      details: {
        before: { role: 'Free', vipStartupQuota: 0 },
        after: { role: 'vip', vipStartupQuota: 3 },
        changed: ['role', 'isPaid', 'vipStartupQuota'],
      },
    });
    // A role change ends the tokens issued before (the web client refreshes at once), and the next one says VIP.
    await t.http.get('/api/auth/me').set(bearer(u)).expect(401);
    const refreshed = await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: u.session.refresh_token })
      .expect(200);
    expect(refreshed.body.user.role).toBe('vip');
    // The promoted user's next start-up needs no payment.
    const started = await t.http
      .post('/api/demand-store/use-vip-startup-quota')
      .set('Authorization', `Bearer ${refreshed.body.access_token}`)
      .send(DEMAND)
      .expect(201);
    expect(started.body.success).toBe(true);
  });

  it('lets support disable a user, who can then neither log in nor refresh; support cannot disable staff', async () => {
    const u = await verifiedUser(t, sink, 'disabled');
    await t.http
      .patch(`/api/admin/users/${u.session.user.id}`)
      .set(as('support'))
      .send({ disabled: true })
      .expect(200);
    const login = await t.http
      .post('/api/auth/login')
      .send({ username: u.email, password: u.password })
      .expect(403);
    expect(login.body.code).toBe('ACCOUNT_DISABLED');
    const refresh = await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: u.session.refresh_token })
      .expect(401);
    expect(refresh.body.code).toBe('INVALID_REFRESH_TOKEN');
    // Nor use the access token it had.
    await t.http.get('/api/auth/me').set(bearer(u)).expect(401);
    await t.http
      .patch(`/api/admin/users/${staff.admin.session.user.id}`)
      .set(as('support'))
      .send({ disabled: true })
      .expect(403);
    expect((await auditOf(u.session.user.id))[0].details).toMatchObject({ changed: ['disabled'] });
  });

  it('refunds a paid order (admin only), revoking the view it granted, once', async () => {
    const u = await verifiedUser(t, sink, 'refund');
    const { solutionId, orderId, paymentUrl } = await viewOrder(u);
    await paySandbox(t, paymentUrl);
    await t.http.get(`/api/solutions/${solutionId}/view`).set(bearer(u)).expect(200);
    await t.http.post(`/api/admin/orders/${orderId}/refund`).set(as('support')).expect(403);
    const refunded = await t.http.post(`/api/admin/orders/${orderId}/refund`).set(as('admin')).expect(200);
    expect(refunded.body.status).toBe('refunded');
    await t.http.get(`/api/solutions/${solutionId}/view`).set(bearer(u)).expect(402);
    await t.http.post(`/api/admin/orders/${orderId}/refund`).set(as('admin')).expect(409);
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(['order.refund']);
    const list = await t.http
      .get(`/api/admin/orders?userId=${u.session.user.id}&status=refunded`)
      .set(as('support'))
      .expect(200);
    expect(list.body.items.map((o: { id: string }) => o.id)).toEqual([orderId]);
  });

  it('lets the worker’s scheduled reconciliation settle a lost start-up fee, and the stage runs', async () => {
    const u = await verifiedUser(t, sink, 'lostfee');
    const demandId = await registerDemand(t, u);
    const pay = await startupOrder(t, bearer(u), demandId);
    await t.http.post(`${pay.paymentUrl}/pay-without-notify`).expect(303);
    // Past the quiet period in which a notify usually arrives.
    await t.db.query(`UPDATE orders SET "createdAt" = now() - interval '20 minutes' WHERE id = $1`, [
      pay.orderId,
    ]);
    const queue = worker.get<Queue>(getQueueToken(QueueName.billing));
    const job = await queue.add(JobName.reconcileOrders, {});
    await waitFor(async () => (await job.getState()) === 'completed');
    expect((await queue.getJob(job.id))!.returnvalue.settled).toBeGreaterThanOrEqual(1);
    const detail = await waitFor(async () => {
      const d = (await t.http.get(`/api/demand-store/${demandId}`).set(bearer(u)).expect(200)).body;
      return d.stagesData.Startup.status === 'Completed' && d;
    });
    expect(detail.stagesData.Startup.paymentStatus).toBe('Paid');
  });

  it('reconciles a sandbox order whose notify was lost: settled once, then nothing more', async () => {
    const u = await verifiedUser(t, sink, 'lost');
    const { solutionId, orderId, paymentUrl } = await viewOrder(u);
    await t.http.post(`${paymentUrl}/pay-without-notify`).expect(303);
    expect(
      (await t.http.get(`/api/admin/orders/${orderId}`).set(as('support')).expect(200)).body.status,
    ).toBe('pending');
    const first = await t.http.post(`/api/admin/orders/${orderId}/reconcile`).set(as('support')).expect(200);
    expect(first.body).toMatchObject({ changed: true, gatewayStatus: 'paid', order: { status: 'paid' } });
    await t.http.get(`/api/solutions/${solutionId}/view`).set(bearer(u)).expect(200);
    const again = await t.http.post(`/api/admin/orders/${orderId}/reconcile`).set(as('support')).expect(200);
    expect(again.body.changed).toBe(false);
    const grants = await t.db.query(
      `SELECT count(*)::int AS n FROM solution_access_grants WHERE "orderId" = $1`,
      [orderId],
    );
    expect(grants[0].n).toBe(1);
    // An order nobody paid stays pending.
    const unpaid = await viewOrder(u);
    const none = await t.http
      .post(`/api/admin/orders/${unpaid.orderId}/reconcile`)
      .set(as('support'))
      .expect(200);
    expect(none.body).toMatchObject({
      changed: false,
      gatewayStatus: 'no_payment',
      order: { status: 'pending' },
    });
  });

  it('shows a failed stage in the queue and the timeline; the failed job retried from the admin completes', async () => {
    const u = await verifiedUser(t, sink, 'failing');
    llm.fallback = { status: 500 };
    const id = await paidDemand(t, bearer(u));
    await waitFor(async () => {
      const d = await t.http.get(`/api/demand-store/${id}`).set(bearer(u)).expect(200);
      return d.body.stagesData.Startup.status === 'Error';
    });
    const errored = await t.http.get('/api/admin/demands?status=Error').set(as('support')).expect(200);
    expect(errored.body.items.find((d: { _id: string }) => d._id === id).stages[0]).toMatchObject({
      stage: 'Startup',
      status: 'Error',
    });
    const queues = await t.http.get('/api/admin/queues').set(as('support')).expect(200);
    expect(
      queues.body.find((q: { name: string }) => q.name === 'demand-stages').counts.failed,
    ).toBeGreaterThanOrEqual(1);
    const timeline = (
      await t.http.get(`/api/admin/users/${u.session.user.id}/timeline`).set(as('support')).expect(200)
    ).body as TimelineEntry[];
    expect(timeline.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['order', 'demand', 'stage', 'message', 'account']),
    );
    expect(timeline.find((e) => e.kind === 'stage')).toMatchObject({ title: '启动阶段失败', refId: id });
    expect(timeline.find((e) => e.kind === 'stage')!.detail).toContain('语言模型服务返回 HTTP 500');
    expect(timeline.find((e) => e.kind === 'order')).toMatchObject({ title: '订单已支付' });
    expect(timeline.at(-1)!).toMatchObject({ kind: 'account', title: '注册账号' });
    // In the reader's language.
    const english = (
      await t.http
        .get(`/api/admin/users/${u.session.user.id}/timeline`)
        .set(as('support'))
        .set('accept-language', 'en-US')
        .expect(200)
    ).body as TimelineEntry[];
    expect(english.find((e) => e.kind === 'stage')).toMatchObject({ title: 'Startup failed' });
    expect(english.find((e) => e.kind === 'order')).toMatchObject({ title: 'order paid' });

    const failed = await t.http.get('/api/admin/queues/demand-stages/failed').set(as('support')).expect(200);
    const job = failed.body.items.find((j: { data: { demandId: string } }) => j.data.demandId === id);
    expect(job.failedReason).toBe('语言模型服务返回 HTTP 500');
    llm.fallback = { text: JSON.stringify(VALID_OUTPUT) };
    await t.http
      .post(`/api/admin/queues/demand-stages/jobs/${encodeURIComponent(job.id)}/retry`)
      .set(as('support'))
      .expect(204);
    await waitFor(async () => {
      const d = await t.http.get(`/api/demand-store/${id}`).set(bearer(u)).expect(200);
      return d.body.stagesData.Startup.status === 'Completed';
    });
    await t.http
      .post(`/api/admin/queues/demand-stages/jobs/${encodeURIComponent(job.id)}/retry`)
      .set(as('support'))
      .expect(409);
    await t.http.post('/api/admin/queues/nope/jobs/1/retry').set(as('support')).expect(404);
    expect((await auditOf(`demand-stages:${job.id}`.slice(0, 64)))[0].action).toBe('queue.retry');
  }, 60_000);

  it('retries a failed stage for its owner through the demands endpoint, and refuses one that did not fail', async () => {
    const u = await verifiedUser(t, sink, 'stage');
    llm.fallback = { status: 503 };
    const id = await registerDemand(t, u);
    await t.http.put(`/api/admin/demands/${id}/retry-stage?stage=Startup`).set(as('support')).expect(409);
    await paySandbox(t, (await startupOrder(t, bearer(u), id)).paymentUrl);
    await waitFor(
      async () =>
        (await t.http.get(`/api/demand-store/${id}`).set(bearer(u))).body.stagesData.Startup.status ===
        'Error',
    );
    llm.fallback = { text: JSON.stringify(VALID_OUTPUT) };
    await t.http.put(`/api/admin/demands/${id}/retry-stage?stage=Startup`).set(as('support')).expect(204);
    await waitFor(
      async () =>
        (await t.http.get(`/api/demand-store/${id}`).set(bearer(u))).body.stagesData.Startup.status ===
        'Completed',
    );
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'demand.retry-stage',
      details: { stage: 'Startup' },
    });
  }, 60_000);
});
