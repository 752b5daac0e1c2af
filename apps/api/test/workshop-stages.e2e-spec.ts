import { PROCESSING_FINISHED, progressMessage, STAGES, stageOutputProblems } from '@think-tank/contracts';
import { bearer, verifiedUser } from './support/accounts';
import { startTestApp, type TestApp } from './support/test-app';
import { startTestWorker } from './support/worker';
import { DEMAND, workshopSpec, type User } from './support/workshop';

describe('the workshop: stages, fees and VIP (contract §8)', () => {
  const { w, detail, stageDone, events, advanceAndPay, paySandbox, startedDemand, select } = workshopSpec();

  it('runs all five stages with every fee paid in the sandbox, each at the server’s price', async () => {
    const { id, orderId, demand } = await startedDemand(w.owner);
    const order = await w.t.http
      .get(`/api/payments/order-status/${orderId}`)
      .set(bearer(w.owner))
      .expect(200);
    expect(order.body).toMatchObject({
      status: 'paid',
      amount: 2900,
      currency: 'CNY',
      demandId: id,
      redirectUrl: `/demand-store/${id}`,
    });
    expect(demand.overallStatus).toBe('Completed');
    expect(demand.stagesData.Startup.paymentStatus).toBe('Paid');
    expect(demand.stagesData.Startup.output!.suggested_modules.length).toBeGreaterThanOrEqual(2);

    // Two modules selected in Startup: Preparation costs 2 × 10000.
    await select(w.owner, id, 'Startup', 2, demand);
    expect((await detail(w.owner, id)).nextStageFee).toEqual({ amount: 20_000, currency: 'CNY' });
    expect((await detail(w.owner, id, 'en-US')).nextStageFee).toEqual({ amount: 20_000, currency: 'USD' });
    const advanced = await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(w.owner))
      .send({
        stageInput: {
          dataCollection: '门店 POS 每日导出',
          securityLevel: 'topSecret',
          transactionalDesign: true,
        },
      })
      .expect(200);
    expect(advanced.body).toMatchObject({
      currentStage: 'Preparation',
      overallStatus: 'PendingInput',
      fee: { amount: 20_000, currency: 'CNY' },
    });
    expect(advanced.body.stagesData.Preparation).toMatchObject({
      status: 'PendingInput',
      paymentStatus: 'Pending',
    });
    const pay = await w.t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(w.owner))
      .send({
        demandId: id,
        stageToPayFor: 'Preparation',
        paymentItemType: 'demand_store_payment',
        selectedModulesCount: 99,
      })
      .expect(200);
    const prepOrder = (
      await w.t.db.query(`SELECT amount, currency, "subjectPart" AS stage FROM orders WHERE id = $1`, [
        pay.body.orderId,
      ])
    )[0];
    expect(prepOrder).toEqual({ amount: 20_000, currency: 'CNY', stage: 'Preparation' });
    await paySandbox(pay.body.paymentUrl);
    const prepared = await stageDone(w.owner, id, 'Preparation');
    const prep = prepared.stagesData.Preparation;
    expect(prep.paymentStatus).toBe('Paid');
    expect(prep.output!.solution).toContain('绝密');
    expect(prep.output!.prd_url).toBe(`/demand-lab/${prepared.labName}/prd.html`);
    expect(prep.output!.design_table_html).toBe(`/demand-lab/${prepared.labName}/design-table.html`);

    // One module in Preparation: Opening costs 1 × 20000.
    await select(w.owner, id, 'Preparation', 1, prepared);
    const toOpening = await advanceAndPay(w.owner, id, 'Opening', { genericInput: '先在华东试点' });
    expect(toOpening.fee).toEqual({ amount: 20_000, currency: 'CNY' });
    const opened = toOpening.done;
    expect(opened.stagesData.Opening.output!.opening_table_html).toBe(
      `/demand-lab/${opened.labName}/opening-table.html`,
    );

    // Operation is a flat fee.
    const toOperation = await advanceAndPay(w.owner, id, 'Operation', {});
    expect(toOperation.fee).toEqual({ amount: 200_000, currency: 'CNY' });

    // Expansion costs nothing: queued at once.
    const toExpansion = await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(w.owner))
      .send({ stageInput: {} })
      .expect(200);
    expect(toExpansion.body.fee).toBeUndefined();
    expect(toExpansion.body.stagesData.Expansion.paymentStatus).toBe('NotRequired');
    const finished = await stageDone(w.owner, id, 'Expansion');
    expect(finished.overallStatus).toBe('Completed');
    // Every output the built-in generator wrote is one the editor and the server accept back unchanged.
    for (const stage of STAGES) expect(stageOutputProblems(finished.stagesData[stage].output)).toEqual([]);
    const last = await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(w.owner))
      .send({})
      .expect(409);
    expect(last.body.code).toBe('NO_NEXT_STAGE');

    // Each stage ended with 处理完成 and exactly one demand_completed.
    const history = await events(id);
    for (const stage of ['Startup', 'Preparation', 'Opening', 'Operation', 'Expansion']) {
      const own = history.filter((e) => e.stage === stage);
      expect(own.filter((e) => e.event === 'demand_completed')).toHaveLength(1);
      const end = own.findIndex((e) => e.event === 'demand_completed');
      expect(own[end - 1]).toMatchObject({
        event: 'demand_progress',
        messageType: 'IMPORTANT',
        message: PROCESSING_FINISHED,
        messageKey: 'finished',
      });
      // Every line carries its key and parameters, so that an English reader reads it in English.
      expect(own[0]).toMatchObject({ messageKey: 'started', params: { stage } });
      for (const e of own) expect(e.message).toBe(progressMessage(e.messageKey!, e.params ?? {}, 'zh'));
    }
    const after = history[3].id;
    expect(
      (await w.t.http.get(`/api/demand-store/${id}/events?after=${after}`).set(bearer(w.owner)).expect(200))
        .body[0].id,
    ).toBe(history[4].id);
    const messages = await w.t.http.get('/api/messages?limit=50').set(bearer(w.owner)).expect(200);
    expect(
      messages.body.messages.filter((m: { title: string }) => m.title === '阶段已完成').length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('charges the Operation fee in USD for an English browser, and refuses Operation while it is closed', async () => {
    /** A demand of the user's, straight to Opening completed as if paid: only the Operation gate is under test. */
    const atOpening = async (app: TestApp, u: User) => {
      const id = (
        await app.http.post('/api/demand-store/register-demand').set(bearer(u)).send(DEMAND).expect(201)
      ).body.demandId as string;
      await app.db.query(
        `UPDATE demands SET "currentStage" = 'Opening', "overallStatus" = 'Completed' WHERE id = $1`,
        [id],
      );
      await app.db.query(
        `UPDATE demand_stages SET status = 'Completed' WHERE "demandId" = $1 AND stage = 'Opening'`,
        [id],
      );
      return id;
    };
    const nextOf = async (app: TestApp, u: User, id: string) => {
      const { body } = await app.http
        .get(`/api/demand-store/${id}`)
        .set(bearer(u))
        .set('Accept-Language', 'en')
        .expect(200);
      return { nextStageFee: body.nextStageFee, nextStageOpen: body.nextStageOpen };
    };
    const open = await verifiedUser(w.t, w.sink, 'usd');
    expect(await nextOf(w.t, open, await atOpening(w.t, open))).toEqual({
      nextStageFee: { amount: 70_000, currency: 'USD' },
      nextStageOpen: true,
    });

    const closed = await startTestApp({ SMTP_URL: w.smtpUrl, GENERATOR_STEP_MS: '0' });
    const closedWorker = await startTestWorker(closed);
    try {
      const u = await verifiedUser(closed, w.sink, 'closed');
      const id = await atOpening(closed, u);
      // Closed: said before any click, with no fee to pay (contract §11).
      expect(await nextOf(closed, u, id)).toEqual({ nextStageFee: null, nextStageOpen: false });
      const res = await closed.http
        .put(`/api/demand-store/${id}/advance`)
        .set(bearer(u))
        .set('Accept-Language', 'en')
        .send({})
        .expect(409);
      expect(res.body).toMatchObject({
        code: 'STAGE_NOT_OPEN',
        message: 'This stage is not open yet; please wait or contact support.',
      });
    } finally {
      await closedWorker.close();
      await closed.close();
    }
  });

  it('lets a VIP start through the quota and pay no stage fee, then asks for payment when the quota is spent', async () => {
    const vip = await verifiedUser(w.t, w.sink, 'vip');
    await w.t.db.query(`UPDATE users SET role = 'vip', "vipStartupQuota" = 1 WHERE id = $1`, [
      vip.session.user.id,
    ]);
    const first = await w.t.http
      .post('/api/demand-store/use-vip-startup-quota')
      .set(bearer(vip))
      .send(DEMAND)
      .expect(201);
    expect(first.body).toMatchObject({ success: true, redirectTo: `/demand-store/${first.body.demandId}` });
    const d = await stageDone(vip, first.body.demandId, 'Startup');
    expect(d.stagesData.Startup.paymentStatus).toBe('Waived');
    expect(d.isVip).toBe(true);
    await select(vip, first.body.demandId, 'Startup', 3, d);
    expect((await detail(vip, first.body.demandId)).nextStageFee).toBeNull();
    const advanced = await w.t.http
      .put(`/api/demand-store/${first.body.demandId}/advance`)
      .set(bearer(vip))
      .send({ stageInput: {} })
      .expect(200);
    expect(advanced.body.fee).toBeUndefined();
    expect(advanced.body.stagesData.Preparation).toMatchObject({
      paymentStatus: 'Waived',
      status: expect.stringMatching(/Queued|Processing|Completed/),
    });
    await stageDone(vip, first.body.demandId, 'Preparation');
    expect(
      Number(
        (await w.t.db.query(`SELECT count(*) AS n FROM orders WHERE "userId" = $1`, [vip.session.user.id]))[0]
          .n,
      ),
    ).toBe(0);

    const second = await w.t.http
      .post('/api/demand-store/use-vip-startup-quota')
      .set(bearer(vip))
      .send(DEMAND)
      .expect(201);
    expect(second.body).toMatchObject({
      success: false,
      type: 'redirect',
      demandId: expect.any(String),
      orderId: expect.any(String),
    });
    expect((await detail(vip, second.body.demandId)).stagesData.Startup.paymentStatus).toBe('Pending');
  });

  it('treats a VIP-plan buyer as VIP: start-ups from the plan’s quota, stage fees waived (contract §10)', async () => {
    const buyer = await verifiedUser(w.t, w.sink, 'vipplan');
    const [plan] = await w.t.db.query(
      `INSERT INTO plans (code, name, "nameEn", "priceCny", "priceUsd", "periodType", "isVip", "vipStartupQuota")
       VALUES ('vip_' || substr(md5(random()::text), 1, 8), 'VIP 年度会员', 'VIP yearly', 299900, 42900, 'yearly', true, 2)
       RETURNING id`,
    );
    const order = await w.t.http
      .post('/api/payments/alipay/create-order')
      .set(bearer(buyer))
      .send({ paymentType: 'subscription', priceId: plan.id })
      .expect(200);
    await paySandbox(order.body.paymentUrl);
    const me = await w.t.http.get('/api/auth/me').set(bearer(buyer)).expect(200);
    expect(me.body).toMatchObject({ role: 'Free', isPaid: true, isVip: true });
    const start = () =>
      w.t.http.post('/api/demand-store/use-vip-startup-quota').set(bearer(buyer)).send(DEMAND).expect(201);
    const first = await start();
    expect(first.body).toMatchObject({ success: true });
    expect((await start()).body).toMatchObject({ success: true });
    // The plan gives 2 start-ups a period: the third waits for its fee.
    expect((await start()).body).toMatchObject({ success: false, paymentUrl: expect.any(String) });
    const id = first.body.demandId as string;
    const started = await stageDone(buyer, id, 'Startup');
    expect(started.stagesData.Startup.paymentStatus).toBe('Waived');
    expect(started.isVip).toBe(true);
    await select(buyer, id, 'Startup', 2, started);
    const advanced = await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(buyer))
      .send({ stageInput: {} })
      .expect(200);
    expect(advanced.body.fee).toBeUndefined();
    expect(advanced.body.stagesData.Preparation.paymentStatus).toBe('Waived');
    await stageDone(buyer, id, 'Preparation');
    const stageOrders = await w.t.db.query(
      `SELECT count(*)::int AS n FROM orders WHERE "userId" = $1 AND "subjectKind" = 'demand' AND status = 'paid'`,
      [buyer.session.user.id],
    );
    expect(stageOrders[0].n).toBe(0);
  });

  it('keeps a free user out of the VIP channel: the demand waits for its fee', async () => {
    const res = await w.t.http
      .post('/api/demand-store/use-vip-startup-quota')
      .set(bearer(w.other))
      .send(DEMAND)
      .expect(201);
    expect(res.body).toMatchObject({
      success: false,
      paymentUrl: expect.stringContaining('/sandbox/checkout/'),
    });
  });

  it('charges the fee quoted on advance and generates from the modules it was priced from (contract §10)', async () => {
    const { id, demand } = await startedDemand(w.owner);
    const suggested = demand.stagesData.Startup.output!.suggested_modules;
    expect(suggested.length).toBeGreaterThanOrEqual(3);
    await select(w.owner, id, 'Startup', 3, demand);
    const advanced = await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(w.owner))
      .send({ stageInput: {} })
      .expect(200);
    expect(advanced.body.fee).toEqual({ amount: 30_000, currency: 'CNY' });
    // The tamper: a cheaper selection before the order is made. The selection is locked while the fee is due.
    const locked = await w.t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(w.owner))
      .send({ output: demand.stagesData.Startup.output, selectedModules: suggested.slice(0, 1) })
      .expect(409);
    expect(locked.body).toMatchObject({
      code: 'STAGE_LOCKED',
      message: expect.stringContaining('暂不能修改'),
    });
    // Even a selection changed behind the API's back prices and generates nothing: the snapshot does.
    await w.t.db.query(
      `UPDATE demand_stages SET "selectedModules" = $2 WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id, JSON.stringify(suggested.slice(0, 1))],
    );
    expect((await detail(w.owner, id)).stagesData.Preparation.fee).toEqual({
      amount: 30_000,
      currency: 'CNY',
    });
    const pay = await w.t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(w.owner))
      .send({ demandId: id, stageToPayFor: 'Preparation' })
      .expect(200);
    const [order] = await w.t.db.query(`SELECT amount, currency FROM orders WHERE id = $1`, [
      pay.body.orderId,
    ]);
    expect(order).toEqual({ amount: 30_000, currency: 'CNY' });
    await paySandbox(pay.body.paymentUrl);
    const prepared = await stageDone(w.owner, id, 'Preparation');
    const names = suggested.slice(0, 3).map((m) => m.name);
    expect(JSON.stringify(prepared.stagesData.Preparation.output)).toContain(
      `沿用已选模块：${names.join('、')}。`,
    );
    // Once the stage has run, the selection before it may change again.
    await select(w.owner, id, 'Startup', 2, prepared);
  });

  it('flags a second paid order for a stage fee already settled, for a refund, and runs the stage once', async () => {
    const { id, demand } = await startedDemand(w.owner);
    await select(w.owner, id, 'Startup', 1, demand);
    await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(w.owner))
      .send({ stageInput: {} })
      .expect(200);
    const pay = await w.t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(w.owner))
      .send({ demandId: id, stageToPayFor: 'Preparation' })
      .expect(200);
    // A twin order for the same fee (as two gateways' checkouts opened side by side would make).
    const [twin] = await w.t.db.query(
      `INSERT INTO orders ("userId", gateway, "paymentType", "itemType", "itemId", "subjectKind", "subjectId", "subjectPart", amount, currency, subject)
       SELECT "userId", gateway, "paymentType", "itemType", "itemId", "subjectKind", "subjectId", "subjectPart", amount, currency, subject
         FROM orders WHERE id = $1 RETURNING id`,
      [pay.body.orderId],
    );
    await paySandbox(pay.body.paymentUrl);
    await paySandbox(`/api/payments/sandbox/checkout/${twin.id}`);
    await stageDone(w.owner, id, 'Preparation');
    const rows = await w.t.db.query(`SELECT id, status, "flaggedReason" FROM orders WHERE id IN ($1, $2)`, [
      pay.body.orderId,
      twin.id,
    ]);
    const byId = Object.fromEntries(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId[pay.body.orderId]).toMatchObject({ status: 'paid', flaggedReason: null });
    expect(byId[twin.id]).toMatchObject({ status: 'paid', flaggedReason: expect.stringContaining('refund') });
    const [{ run }] = await w.t.db.query(
      `SELECT run FROM demand_stages WHERE "demandId" = $1 AND stage = 'Preparation'`,
      [id],
    );
    expect(run).toBe(1);
  });

  it('refuses to enter a per-module stage with no module selected', async () => {
    const { id, demand } = await startedDemand(w.owner);
    await select(w.owner, id, 'Startup', 0, demand);
    const refused = await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(w.owner))
      .send({ stageInput: {} })
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'NO_MODULES_SELECTED',
      message: '请至少选择一个模块后再进入下一阶段。',
    });
    expect((await detail(w.owner, id)).currentStage).toBe('Startup');
  });
});
