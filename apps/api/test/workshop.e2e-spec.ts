import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bull';
import {
  DemandSocketEvent,
  PROCESSING_FINISHED,
  progressMessage,
  QueueName,
  STAGES,
  stageOutputProblems,
  type DemandDetail,
  type DemandEventPayload,
  type Stage,
} from '@think-tank/contracts';
import { io, type Socket } from 'socket.io-client';
import { StageQueue } from '../src/modules/demand-store/stage-queue';
import { bearer, verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import JSZip from 'jszip';
import { PRINT_ON_REQUEST } from '../src/modules/demand-store/generation/lab-files';
import { createSolution, startupOrder } from './support/factories';
import { startTestWorker } from './support/worker';
import { waitFor } from './support/wait';
import { expectDocumentPolicy } from './support/document-policy';

type User = Awaited<ReturnType<typeof verifiedUser>>;

const DEMAND = {
  name: '来自 demo 的需求 2026-11-22 10:00',
  content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
  keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
};

describe('requirements workshop (contract §8)', () => {
  const sink = new SmtpSink();
  let t: TestApp;
  let worker: INestApplicationContext;
  let smtpUrl: string;
  let owner: User;
  let other: User;

  const detail = async (u: User, id: string, lang = 'zh-CN') =>
    (await t.http.get(`/api/demand-store/${id}`).set(bearer(u)).set('Accept-Language', lang).expect(200))
      .body as DemandDetail;
  const stageDone = (u: User, id: string, stage: Stage) =>
    waitFor(async () => {
      const d = await detail(u, id);
      return d.stagesData[stage].status === 'Completed' && d;
    });
  const events = async (id: string): Promise<DemandEventPayload[]> =>
    (await t.http.get(`/api/demand-store/${id}/events`).set(bearer(owner)).expect(200)).body;
  /** Enters the next stage, pays the fee it names at the sandbox cashier, and waits for the stage to complete. */
  const advanceAndPay = async (u: User, id: string, stage: Stage, stageInput: Record<string, string>) => {
    const advanced = await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(u))
      .send({ stageInput })
      .expect(200);
    const pay = await t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(u))
      .send({ demandId: id, stageToPayFor: stage })
      .expect(200);
    await paySandbox(pay.body.paymentUrl);
    return { fee: advanced.body.fee, done: await stageDone(u, id, stage) };
  };
  /** Pays an order through the sandbox cashier, as the buyer's browser would. */
  const paySandbox = async (paymentUrl: string) => {
    expect(paymentUrl).toMatch(/^\/api\/payments\/sandbox\/checkout\//);
    await t.http.post(`${paymentUrl}/pay`).expect(303);
  };
  const register = async (u: User, fields = DEMAND) =>
    (await t.http.post('/api/demand-store/register-demand').set(bearer(u)).send(fields).expect(201)).body
      .demandId as string;
  /** A registered demand whose start-up fee is paid and whose Startup stage completed. */
  const startedDemand = async (u: User) => {
    const id = await register(u);
    const pay = await startupOrder(t, bearer(u), id);
    await paySandbox(pay.paymentUrl);
    return { id, orderId: pay.orderId, demand: await stageDone(u, id, 'Startup') };
  };
  const select = (u: User, id: string, stage: Stage, count: number, d: DemandDetail) =>
    t.http
      .put(`/api/demand-store/${id}/stage-data?stage=${stage}`)
      .set(bearer(u))
      .send({
        output: d.stagesData[stage].output,
        selectedModules: d.stagesData[stage].output!.suggested_modules.slice(0, count),
      })
      .expect(200);

  beforeAll(async () => {
    smtpUrl = await sink.start();
    t = await startTestApp({
      SMTP_URL: smtpUrl,
      GENERATOR_STEP_MS: '0',
      OPERATION_STAGE_OPEN: 'true',
    });
    await t.app.listen(0, '127.0.0.1');
    worker = await startTestWorker(t);
    owner = await verifiedUser(t, sink, 'owner');
    other = await verifiedUser(t, sink, 'other');
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await sink.stop();
  });

  describe('registering', () => {
    it('refuses key value points of 20 characters or fewer after trimming, in the spec’s words', async () => {
      const res = await t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(owner))
        .send({ ...DEMAND, keyValuePoints: `  ${'一'.repeat(20)}  ` })
        .expect(400);
      expect(res.body.details).toEqual([
        { field: 'keyValuePoints', message: '关键价值点描述过短，请至少输入20个字符。' },
      ]);
      await t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(owner))
        .send({ ...DEMAND, keyValuePoints: '一'.repeat(21) })
        .expect(201);
    });

    it('refuses illegal keywords in Chinese and English, full-width and any case, naming them', async () => {
      const res = await t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(owner))
        .send({
          ...DEMAND,
          content: `${DEMAND.content} 顺便采购枪支`,
          keyValuePoints: `${DEMAND.keyValuePoints} ＣＯＣＡＩＮＥ`,
        })
        .expect(422);
      expect(res.body.code).toBe('ILLEGAL_CONTENT');
      expect(res.body.keywords).toEqual(expect.arrayContaining(['枪支', 'cocaine']));
    });

    it('holds a revision to the same rules as a registration (contract §8): illegal keywords, short key points', async () => {
      const id = await register(owner);
      const revise = (body: object) =>
        t.http.put(`/api/demand-store/${id}/revise?stage=Startup`).set(bearer(owner)).send(body);
      const illegal = await revise({
        content: `${DEMAND.content} 顺便采购枪支`,
        keyValuePoints: DEMAND.keyValuePoints,
      }).expect(422);
      expect(illegal.body).toMatchObject({ code: 'ILLEGAL_CONTENT', keywords: ['枪支'] });
      const short = await revise({ content: DEMAND.content, keyValuePoints: '一'.repeat(20) }).expect(400);
      expect(short.body.details.map((d: { field: string }) => d.field)).toEqual(['keyValuePoints']);
      expect((await detail(owner, id)).stagesData.Startup.input?.content).toBe(DEMAND.content);
    });

    it('refuses a name over 200 and content over 20000 characters, and anonymous callers', async () => {
      const long = await t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(owner))
        .send({ ...DEMAND, name: 'n'.repeat(201), content: 'c'.repeat(20_001) })
        .expect(400);
      expect(long.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['content', 'name']);
      await t.http.post('/api/demand-store/register-demand').send(DEMAND).expect(401);
    });

    it('waits for the start-up fee: PendingInput, Startup payment Pending, every stage present', async () => {
      const res = await t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(owner))
        .send(DEMAND)
        .expect(201);
      expect(res.body).toMatchObject({ needsPayment: true, productInfo: { isValid: true } });
      const d = await detail(owner, res.body.demandId);
      expect(d.overallStatus).toBe('PendingInput');
      expect(d.stagesData.Startup).toMatchObject({ status: 'PendingInput', paymentStatus: 'Pending' });
      expect(Object.keys(d.stagesData)).toEqual([
        'Startup',
        'Preparation',
        'Opening',
        'Operation',
        'Expansion',
      ]);
      expect(d.stagesData.Expansion.status).toBe('NotStarted');
    });
  });

  describe('what the built-in generator writes (issue 21)', () => {
    const startup = async (fields: Record<string, string>) => {
      const id = await register(owner, { ...DEMAND, ...fields });
      await paySandbox((await startupOrder(t, bearer(owner), id)).paymentUrl);
      return (await stageDone(owner, id, 'Startup')).stagesData.Startup.output!;
    };

    it('suggests only the demand’s own modules, says why, and quotes the demand’s numbers as today and target', async () => {
      const output = await startup({
        name: '社区团购冷链配送',
        content: '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控。',
        keyValuePoints: '损耗率降到4%，车辆利用率提升到80%，配送准时率达到98%。',
      });
      const ids = output.suggested_modules.map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining(['cold-chain-monitoring', 'route-optimization']));
      for (const id of ids)
        expect([
          'cold-chain-monitoring',
          'route-optimization',
          'last-mile',
          'tms',
          'demand-forecasting',
          'warehouse-wms',
        ]).toContain(id);
      expect(output.suggested_modules[0].reason).toMatch(/^因为需求提到“/);
      expect(output.quantified_metrics).toEqual(
        expect.arrayContaining([
          { name: '损耗率（现状）', target: '8', unit: '%' },
          { name: '损耗率（目标）', target: '4', unit: '%' },
          { name: '车辆利用率（现状）', target: '60', unit: '%' },
          { name: '车辆利用率（目标）', target: '80', unit: '%' },
          { name: '配送准时率', target: '98', unit: '%' },
        ]),
      );
    });

    it('cites the library’s most related solutions with why, on the page and in the lab; a deleted one stops being cited', async () => {
      const cold = await createSolution(t, {
        projectName: '社区生鲜冷链配送优化',
        projectRequirements: '冷链配送损耗高，车辆利用率低',
        projectRequirementsDetails: '路线优化与全程温控',
      });
      const unrelated = await createSolution(t, {
        projectName: '高校排课系统',
        projectRequirements: '排课耗时长',
        projectRequirementsDetails: '教务排课自动化',
      });
      const fields = {
        name: '社区团购冷链配送',
        content: '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控。',
        keyValuePoints: '损耗率降到4%，车辆利用率提升到80%，配送准时率达到98%。',
      };
      const id = await register(owner, { ...DEMAND, ...fields });
      await paySandbox((await startupOrder(t, bearer(owner), id)).paymentUrl);
      const first = (await stageDone(owner, id, 'Startup')).stagesData.Startup.output!;
      const cited = first.related_solutions!.find((r) => r.id === cold.id);
      expect(cited).toMatchObject({
        name: '社区生鲜冷链配送优化',
        reason: expect.stringMatching(/^与需求共有关键词：.*配送/),
      });
      expect(first.related_solutions!.map((r) => r.id)).not.toContain(unrelated.id);
      const d = await detail(owner, id);
      const lab = await t.http
        .get(`/api/solutions/private/${d.labName}/indexp.html`)
        .set(bearer(owner))
        .expect(200);
      expect(lab.text).toContain(
        `<a href="/solutions/${cold.id}/view" target="_blank" rel="noopener">社区生鲜冷链配送优化</a>`,
      );
      // An edit cannot plant citations: they are the server's.
      await t.http
        .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
        .set(bearer(owner))
        .send({
          output: { ...first, related_solutions: [{ id: unrelated.id, name: '伪造', reason: 'x' }] },
          selectedModules: [],
        })
        .expect(200);
      expect((await detail(owner, id)).stagesData.Startup.output!.related_solutions).toEqual(
        first.related_solutions,
      );

      // Support sees which solutions deliverables cite most.
      const staff = await verifiedUser(t, sink, 'staff');
      await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [staff.session.user.id]);
      const citations = await t.http.get('/api/admin/solutions/citations').set(bearer(staff)).expect(200);
      expect(citations.body).toContainEqual({
        solutionId: cold.id,
        name: '社区生鲜冷链配送优化',
        citations: 1,
      });
      await t.http.get('/api/admin/solutions/citations').set(bearer(owner)).expect(403);

      await t.db.query('DELETE FROM solutions WHERE id = $1', [cold.id]);
      await t.http
        .put(`/api/demand-store/${id}/revise?stage=Startup`)
        .set(bearer(owner))
        .send({ content: `城市${fields.content}`, keyValuePoints: fields.keyValuePoints })
        .expect(200);
      const again = await waitFor(async () => {
        const s = (await detail(owner, id)).stagesData.Startup;
        return s.status === 'Completed' && s.output!.summary !== first.summary && s.output;
      });
      expect(again!.related_solutions!.map((r) => r.id)).not.toContain(cold.id);
    });

    it('exports the deliverables as Word for the owner (and staff), named after the demand', async () => {
      await createSolution(t, { projectName: '城市冷链配送调度', projectRequirements: '冷链配送车辆调度' });
      const id = await register(owner, {
        name: '冷链/配送 2026',
        content: '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控。',
        keyValuePoints: '损耗率降到4%，车辆利用率提升到80%，配送准时率达到98%。',
      });
      await t.http
        .get(`/api/demand-store/${id}/export/docx`)
        .set(bearer(owner))
        .expect(409, /STAGE_NOT_COMPLETED/);
      await paySandbox((await startupOrder(t, bearer(owner), id)).paymentUrl);
      const output = (await stageDone(owner, id, 'Startup')).stagesData.Startup.output!;
      const download = (path: string, u?: User) => {
        const req = t.http
          .get(path)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          });
        return u ? req.set(bearer(u)) : req;
      };
      const res = await download(`/api/demand-store/${id}/export/docx?stage=Startup`, owner).expect(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="_____ 2026-__.docx"; filename*=UTF-8''${encodeURIComponent('冷链_配送 2026-启动.docx')}`,
      );
      const xml = await (
        await JSZip.loadAsync(res.body as Buffer)
      )
        .file('word/document.xml')!
        .async('string');
      const words = xml.replace(/<[^<>]*>/g, '');
      for (const expected of [
        '冷链/配送 2026',
        '要解决的问题',
        '技术指标',
        '损耗率（现状）',
        output.suggested_modules[0].name,
        output.suggested_modules[0].reason!,
        '相关方案',
        '城市冷链配送调度',
      ])
        expect([expected, words.includes(expected)]).toEqual([expected, true]);
      expect(xml).toContain('<w:tbl>');

      await download(`/api/demand-store/${id}/export/docx`, owner).expect(200);
      await download(`/api/demand-store/${id}/export/docx`, other).expect(404);
      await download(`/api/demand-store/${id}/export/docx`).expect(401);
      await download(`/api/demand-store/${id}/export/docx?stage=Preparation`, owner).expect(409);
      await download(`/api/demand-store/${id}/export/docx?stage=Nope`, owner).expect(400);
    });

    it('writes English for a demand written in English, or when asked to', async () => {
      const english = await startup({
        name: 'Coffee chain waste',
        content:
          'A coffee chain with 120 outlets throws away too much milk and pastry, and runs out of stock at peak hours.',
        keyValuePoints:
          'Cut milk and pastry waste from 9% to 4% and stock-outs at peak hours by half within a year.',
      });
      expect(english.summary).toMatch(/^\[Requirements design\] About/);
      expect(english.solution).toMatch(/^This stage is to /);
      expect(english.suggested_modules.length).toBeGreaterThan(0);
      for (const m of english.suggested_modules) {
        expect(m.name).toMatch(/^[A-Za-z]/);
        expect(m.intro).not.toMatch(/[\u4e00-\u9fff]/);
        expect(m.reason).toMatch(/^Because the demand mentions “[a-z]/);
      }
      expect(english.quantified_metrics).toEqual(
        expect.arrayContaining([
          { name: 'Key value points achieved', explanation: expect.stringMatching(/^Checked/) },
        ]),
      );
      const asked = await startup({ outputLanguage: 'en' });
      expect(asked.summary).toMatch(/^\[Requirements design\]/);
      // The lab pages speak it too.
      const labName = (
        await t.db.query(`SELECT "labName" FROM demands WHERE "outputLanguage" = 'en' LIMIT 1`)
      )[0].labName;
      const lab = (
        await t.http.get(`/api/solutions/private/${labName}/indexp.html`).set(bearer(owner)).expect(200)
      ).text;
      expect(lab).toContain('<html lang="en">');
      expect(lab).toContain('<h3>The problem to solve</h3>');
      expect(lab).not.toContain('要解决的问题');
    });
  });

  it('runs all five stages with every fee paid in the sandbox, each at the server’s price', async () => {
    const { id, orderId, demand } = await startedDemand(owner);
    const order = await t.http.get(`/api/payments/order-status/${orderId}`).set(bearer(owner)).expect(200);
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
    await select(owner, id, 'Startup', 2, demand);
    expect((await detail(owner, id)).nextStageFee).toEqual({ amount: 20_000, currency: 'CNY' });
    expect((await detail(owner, id, 'en-US')).nextStageFee).toEqual({ amount: 20_000, currency: 'USD' });
    const advanced = await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(owner))
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
    const pay = await t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(owner))
      .send({
        demandId: id,
        stageToPayFor: 'Preparation',
        paymentItemType: 'demand_store_payment',
        selectedModulesCount: 99,
      })
      .expect(200);
    const prepOrder = (
      await t.db.query(`SELECT amount, currency, "subjectPart" AS stage FROM orders WHERE id = $1`, [
        pay.body.orderId,
      ])
    )[0];
    expect(prepOrder).toEqual({ amount: 20_000, currency: 'CNY', stage: 'Preparation' });
    await paySandbox(pay.body.paymentUrl);
    const prepared = await stageDone(owner, id, 'Preparation');
    const prep = prepared.stagesData.Preparation;
    expect(prep.paymentStatus).toBe('Paid');
    expect(prep.output!.solution).toContain('绝密');
    expect(prep.output!.prd_url).toBe(`/demand-lab/${prepared.labName}/prd.html`);
    expect(prep.output!.design_table_html).toBe(`/demand-lab/${prepared.labName}/design-table.html`);

    // One module in Preparation: Opening costs 1 × 20000.
    await select(owner, id, 'Preparation', 1, prepared);
    const toOpening = await advanceAndPay(owner, id, 'Opening', { genericInput: '先在华东试点' });
    expect(toOpening.fee).toEqual({ amount: 20_000, currency: 'CNY' });
    const opened = toOpening.done;
    expect(opened.stagesData.Opening.output!.opening_table_html).toBe(
      `/demand-lab/${opened.labName}/opening-table.html`,
    );

    // Operation is a flat fee.
    const toOperation = await advanceAndPay(owner, id, 'Operation', {});
    expect(toOperation.fee).toEqual({ amount: 200_000, currency: 'CNY' });

    // Expansion costs nothing: queued at once.
    const toExpansion = await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(owner))
      .send({ stageInput: {} })
      .expect(200);
    expect(toExpansion.body.fee).toBeUndefined();
    expect(toExpansion.body.stagesData.Expansion.paymentStatus).toBe('NotRequired');
    const finished = await stageDone(owner, id, 'Expansion');
    expect(finished.overallStatus).toBe('Completed');
    // Every output the built-in generator wrote is one the editor and the server accept back unchanged.
    for (const stage of STAGES) expect(stageOutputProblems(finished.stagesData[stage].output)).toEqual([]);
    const last = await t.http.put(`/api/demand-store/${id}/advance`).set(bearer(owner)).send({}).expect(409);
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
      (await t.http.get(`/api/demand-store/${id}/events?after=${after}`).set(bearer(owner)).expect(200))
        .body[0].id,
    ).toBe(history[4].id);
    const messages = await t.http.get('/api/messages?limit=50').set(bearer(owner)).expect(200);
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
    const open = await verifiedUser(t, sink, 'usd');
    expect(await nextOf(t, open, await atOpening(t, open))).toEqual({
      nextStageFee: { amount: 70_000, currency: 'USD' },
      nextStageOpen: true,
    });

    const closed = await startTestApp({ SMTP_URL: smtpUrl, GENERATOR_STEP_MS: '0' });
    const closedWorker = await startTestWorker(closed);
    try {
      const u = await verifiedUser(closed, sink, 'closed');
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
    const vip = await verifiedUser(t, sink, 'vip');
    await t.db.query(`UPDATE users SET role = 'vip', "vipStartupQuota" = 1 WHERE id = $1`, [
      vip.session.user.id,
    ]);
    const first = await t.http
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
    const advanced = await t.http
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
        (await t.db.query(`SELECT count(*) AS n FROM orders WHERE "userId" = $1`, [vip.session.user.id]))[0]
          .n,
      ),
    ).toBe(0);

    const second = await t.http
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
    const buyer = await verifiedUser(t, sink, 'vipplan');
    const [plan] = await t.db.query(
      `INSERT INTO plans (code, name, "nameEn", "priceCny", "priceUsd", "periodType", "isVip", "vipStartupQuota")
       VALUES ('vip_' || substr(md5(random()::text), 1, 8), 'VIP 年度会员', 'VIP yearly', 299900, 42900, 'yearly', true, 2)
       RETURNING id`,
    );
    const order = await t.http
      .post('/api/payments/alipay/create-order')
      .set(bearer(buyer))
      .send({ paymentType: 'subscription', priceId: plan.id })
      .expect(200);
    await paySandbox(order.body.paymentUrl);
    const me = await t.http.get('/api/auth/me').set(bearer(buyer)).expect(200);
    expect(me.body).toMatchObject({ role: 'Free', isPaid: true, isVip: true });
    const start = () =>
      t.http.post('/api/demand-store/use-vip-startup-quota').set(bearer(buyer)).send(DEMAND).expect(201);
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
    const advanced = await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(buyer))
      .send({ stageInput: {} })
      .expect(200);
    expect(advanced.body.fee).toBeUndefined();
    expect(advanced.body.stagesData.Preparation.paymentStatus).toBe('Waived');
    await stageDone(buyer, id, 'Preparation');
    const stageOrders = await t.db.query(
      `SELECT count(*)::int AS n FROM orders WHERE "userId" = $1 AND "subjectKind" = 'demand' AND status = 'paid'`,
      [buyer.session.user.id],
    );
    expect(stageOrders[0].n).toBe(0);
  });

  it('keeps a free user out of the VIP channel: the demand waits for its fee', async () => {
    const res = await t.http
      .post('/api/demand-store/use-vip-startup-quota')
      .set(bearer(other))
      .send(DEMAND)
      .expect(201);
    expect(res.body).toMatchObject({
      success: false,
      paymentUrl: expect.stringContaining('/sandbox/checkout/'),
    });
  });

  it('charges the fee quoted on advance and generates from the modules it was priced from (contract §10)', async () => {
    const { id, demand } = await startedDemand(owner);
    const suggested = demand.stagesData.Startup.output!.suggested_modules;
    expect(suggested.length).toBeGreaterThanOrEqual(3);
    await select(owner, id, 'Startup', 3, demand);
    const advanced = await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(owner))
      .send({ stageInput: {} })
      .expect(200);
    expect(advanced.body.fee).toEqual({ amount: 30_000, currency: 'CNY' });
    // The tamper: a cheaper selection before the order is made. The selection is locked while the fee is due.
    const locked = await t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(owner))
      .send({ output: demand.stagesData.Startup.output, selectedModules: suggested.slice(0, 1) })
      .expect(409);
    expect(locked.body).toMatchObject({
      code: 'STAGE_LOCKED',
      message: expect.stringContaining('暂不能修改'),
    });
    // Even a selection changed behind the API's back prices and generates nothing: the snapshot does.
    await t.db.query(
      `UPDATE demand_stages SET "selectedModules" = $2 WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id, JSON.stringify(suggested.slice(0, 1))],
    );
    expect((await detail(owner, id)).stagesData.Preparation.fee).toEqual({ amount: 30_000, currency: 'CNY' });
    const pay = await t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(owner))
      .send({ demandId: id, stageToPayFor: 'Preparation' })
      .expect(200);
    const [order] = await t.db.query(`SELECT amount, currency FROM orders WHERE id = $1`, [pay.body.orderId]);
    expect(order).toEqual({ amount: 30_000, currency: 'CNY' });
    await paySandbox(pay.body.paymentUrl);
    const prepared = await stageDone(owner, id, 'Preparation');
    const names = suggested.slice(0, 3).map((m) => m.name);
    expect(JSON.stringify(prepared.stagesData.Preparation.output)).toContain(
      `沿用已选模块：${names.join('、')}。`,
    );
    // Once the stage has run, the selection before it may change again.
    await select(owner, id, 'Startup', 2, prepared);
  });

  it('flags a second paid order for a stage fee already settled, for a refund, and runs the stage once', async () => {
    const { id, demand } = await startedDemand(owner);
    await select(owner, id, 'Startup', 1, demand);
    await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(owner))
      .send({ stageInput: {} })
      .expect(200);
    const pay = await t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(owner))
      .send({ demandId: id, stageToPayFor: 'Preparation' })
      .expect(200);
    // A twin order for the same fee (as two gateways' checkouts opened side by side would make).
    const [twin] = await t.db.query(
      `INSERT INTO orders ("userId", gateway, "paymentType", "itemType", "itemId", "subjectKind", "subjectId", "subjectPart", amount, currency, subject)
       SELECT "userId", gateway, "paymentType", "itemType", "itemId", "subjectKind", "subjectId", "subjectPart", amount, currency, subject
         FROM orders WHERE id = $1 RETURNING id`,
      [pay.body.orderId],
    );
    await paySandbox(pay.body.paymentUrl);
    await paySandbox(`/api/payments/sandbox/checkout/${twin.id}`);
    await stageDone(owner, id, 'Preparation');
    const rows = await t.db.query(`SELECT id, status, "flaggedReason" FROM orders WHERE id IN ($1, $2)`, [
      pay.body.orderId,
      twin.id,
    ]);
    const byId = Object.fromEntries(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId[pay.body.orderId]).toMatchObject({ status: 'paid', flaggedReason: null });
    expect(byId[twin.id]).toMatchObject({ status: 'paid', flaggedReason: expect.stringContaining('refund') });
    const [{ run }] = await t.db.query(
      `SELECT run FROM demand_stages WHERE "demandId" = $1 AND stage = 'Preparation'`,
      [id],
    );
    expect(run).toBe(1);
  });

  it('refuses to enter a per-module stage with no module selected', async () => {
    const { id, demand } = await startedDemand(owner);
    await select(owner, id, 'Startup', 0, demand);
    const refused = await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(owner))
      .send({ stageInput: {} })
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'NO_MODULES_SELECTED',
      message: '请至少选择一个模块后再进入下一阶段。',
    });
    expect((await detail(owner, id)).currentStage).toBe('Startup');
  });

  it('saves an edited output with its shape checked, keeping every previous version', async () => {
    const { id, demand } = await startedDemand(owner);
    const output = demand.stagesData.Startup.output!;
    const bad = await t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(owner))
      .send({
        output: { ...output, achieves: [{ a: 1, b: 2 }], quantified_metrics: [{ name: 'x' }] },
        selectedModules: [{ name: '', metrics: [] }],
      })
      .expect(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual([
      'output.achieves[0]',
      'output.quantified_metrics[0]',
      'selectedModules[0].name',
    ]);
    const custom = {
      id: 'custom-1',
      isCustom: true,
      name: '自定义看板',
      nameEn: 'Custom board',
      descriptionEn: 'A board',
      intro: '门店看板',
      metrics: [{ name: '日活', value: '100' }],
    };
    const saved = await t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(owner))
      .send({
        output: { ...output, summary: '改写后的问题', prd_url: 'javascript:alert(1)' },
        selectedModules: [custom],
      })
      .expect(200);
    expect(saved.body.stagesData.Startup.output.summary).toBe('改写后的问题');
    expect(saved.body.stagesData.Startup.output.prd_url).toBeUndefined();
    expect(saved.body.stagesData.Startup.selectedModules).toEqual([custom]);
    await t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(owner))
      .send({ output, selectedModules: [] })
      .expect(200);
    const [{ history }] = await t.db.query(
      `SELECT history FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id],
    );
    expect(history.map((v: { output: { summary: string } }) => v.output.summary)).toEqual([
      output.summary,
      '改写后的问题',
    ]);
    const notDone = await t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Opening`)
      .set(bearer(owner))
      .send({ output, selectedModules: [] })
      .expect(409);
    expect(notDone.body.code).toBe('STAGE_NOT_COMPLETED');
  });

  it('refuses achieves a renderer cannot read, keeps the last 20 versions of a stage and limits saves', async () => {
    // A user of its own: saves are limited per user.
    const saver = await verifiedUser(t, sink, 'saver');
    const { id, demand } = await startedDemand(saver);
    const output = demand.stagesData.Startup.output!;
    const save = (o: object) =>
      t.http
        .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
        .set(bearer(saver))
        .send({ output: o, selectedModules: [] });
    const bad = await save({
      ...output,
      achieves: [{ 上线: null }, { 上线: '只有文字' }, { 上线: { content: 1 } }, { 上线: { content: '好' } }],
    }).expect(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual([
      'output.achieves[0]',
      'output.achieves[1]',
      'output.achieves[2]',
    ]);
    for (let i = 1; i <= 25; i++) await save({ ...output, summary: `第${i}版` }).expect(200);
    const [{ history }] = await t.db.query(
      `SELECT history FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id],
    );
    const summaries = history.map((v: { output: { summary: string } }) => v.output.summary);
    expect(summaries).toHaveLength(20);
    expect(summaries.at(-1)).toBe('第24版');
    expect(summaries[0]).toBe('第5版');
    // 25 saves so far (the refused shape was not counted): the 60th in 10 minutes is the last accepted.
    for (let i = 26; i <= 60; i++) await save({ ...output, summary: `第${i}版` }).expect(200);
    const limited = await save({ ...output, summary: '太多了' }).expect(429);
    expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
  });

  it('revises the demand: Startup runs again and later outputs are kept, marked stale', async () => {
    const { id, demand } = await startedDemand(owner);
    await t.db.query(
      `UPDATE demand_stages SET status = 'Completed', output = $2 WHERE "demandId" = $1 AND stage = 'Preparation'`,
      [id, JSON.stringify(demand.stagesData.Startup.output)],
    );
    const revised = await t.http
      .put(`/api/demand-store/${id}/revise?stage=Startup`)
      .set(bearer(owner))
      .send({
        content: '医院门诊排队时间长，希望用智能分诊和预约减少等待。',
        keyValuePoints: '门诊平均等待时间从90分钟降到30分钟以内，患者满意度提升。',
      })
      .expect(200);
    expect(revised.body.currentStage).toBe('Startup');
    expect(revised.body.stagesData.Preparation.stale).toBe(true);
    const again = await waitFor(async () => {
      const d = await detail(owner, id);
      return (
        d.stagesData.Startup.status === 'Completed' &&
        d.stagesData.Startup.output!.summary !== demand.stagesData.Startup.output!.summary &&
        d
      );
    });
    expect(again.stagesData.Startup.output!.summary).toContain('门诊');
    await t.http
      .put(`/api/demand-store/${id}/revise?stage=Opening`)
      .set(bearer(owner))
      .send({ content: 'x', keyValuePoints: 'y'.repeat(21) })
      .expect(400);
  });

  it('allows 10 revisions an hour per user and answers the 11th with 429 and Retry-After', async () => {
    const u = await verifiedUser(t, sink, 'reviser');
    // Unpaid, so that no run has to finish between revisions: the limit counts requests.
    const id = await register(u);
    const revise = (i: number) =>
      t.http
        .put(`/api/demand-store/${id}/revise?stage=Startup`)
        .set(bearer(u))
        .send({ content: `第${i}版：${DEMAND.content}`, keyValuePoints: DEMAND.keyValuePoints });
    for (let i = 1; i <= 10; i++) await revise(i).expect(200);
    const limited = await revise(11).expect(429);
    expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await detail(u, id)).stagesData.Startup.input?.content).toBe(`第10版：${DEMAND.content}`);
  });

  it('answers 409 for advancing an unfinished stage and retrying one that did not fail', async () => {
    const id = await register(owner);
    expect(
      (await t.http.put(`/api/demand-store/${id}/advance`).set(bearer(owner)).send({}).expect(409)).body.code,
    ).toBe('STAGE_NOT_COMPLETED');
    expect(
      (await t.http.put(`/api/demand-store/${id}/retry-stage?stage=Startup`).set(bearer(owner)).expect(409))
        .body.code,
    ).toBe('STAGE_NOT_FAILED');
    await t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(owner))
      .send({ stageInput: { securityLevel: 'secret' } })
      .expect(400);
  });

  it('hides another user’s demand everywhere: 404, and no live events', async () => {
    const id = await register(owner);
    for (const [method, path] of [
      ['get', `/api/demand-store/${id}`],
      ['get', `/api/demand-store/${id}/events`],
      ['put', `/api/demand-store/${id}/advance`],
      ['put', `/api/demand-store/${id}/retry-stage?stage=Startup`],
      ['put', `/api/demand-store/${id}/archive`],
      ['delete', `/api/demand-store/${id}`],
    ] as const)
      await t.http[method](path).set(bearer(other)).send({}).expect(404);
    await t.http
      .post('/api/payments/initiate-demand-startup')
      .set(bearer(other))
      .send({ demandId: id })
      .expect(404);
    expect(
      (await t.http.get('/api/demand-store').set(bearer(other)).expect(200)).body.map(
        (d: { _id: string }) => d._id,
      ),
    ).not.toContain(id);

    const socket = io(`${await url()}/demand-events`, {
      auth: { token: other.session.access_token },
      transports: ['websocket'],
    });
    const answer = await new Promise<{ message: string }>((ok) =>
      socket.on(DemandSocketEvent.subscriptionError, ok).emit(DemandSocketEvent.subscribe, { demandId: id }),
    );
    expect(answer.message).toBe('无法订阅该需求的实时消息');
    socket.close();
  });

  it('streams a stage’s progress live to its owner, ending with one demand_completed', async () => {
    const id = await register(owner);
    const socket: Socket = io(`${await url()}/demand-events`, {
      auth: { token: owner.session.access_token },
      transports: ['websocket'],
    });
    const seen: DemandEventPayload[] = [];
    socket.on(DemandSocketEvent.progress, (e: DemandEventPayload) => seen.push(e));
    socket.on(DemandSocketEvent.completed, (e: DemandEventPayload) => seen.push(e));
    await new Promise((ok) =>
      socket.on(DemandSocketEvent.subscribed, ok).emit(DemandSocketEvent.subscribe, { demandId: id }),
    );
    await paySandbox((await startupOrder(t, bearer(owner), id)).paymentUrl);
    await waitFor(async () => seen.some((e) => e.event === 'demand_completed'));
    await new Promise((r) => setTimeout(r, 300));
    socket.close();
    expect(seen[0]).toMatchObject({ demandId: id, stage: 'Startup', messageType: 'IMPORTANT' });
    expect(seen.some((e) => e.messageType === 'DETAIL')).toBe(true);
    expect(seen.filter((e) => e.event === 'demand_completed')).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({ event: 'demand_completed', messageType: 'COMPLETED' });
    expect(seen.map((e) => e.id)).toEqual((await events(id)).map((e) => e.id));
  });

  it('drops a duplicate enqueue of the same run: Bull holds one job per run', async () => {
    const { id } = await startedDemand(owner);
    const before = (await events(id)).length;
    const run = { demandId: id, stage: 'Startup' as const, run: 1 };
    await Promise.all([1, 2, 3].map(() => worker.get(StageQueue).enqueue(run)));
    // Finished jobs are kept, so a second job of the run would be found in some state whether it ran or not.
    const queue = worker.get<Queue<typeof run>>(getQueueToken(QueueName.demandStages));
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'paused']);
    expect(jobs.filter((j) => j.data.demandId === id && j.data.run === 1)).toHaveLength(1);
    expect((await events(id)).length).toBe(before);
  });

  it('lists own demands newest first, filters by stage and status, archives and deletes (keeping orders)', async () => {
    const u = await verifiedUser(t, sink, 'lister');
    const a = await register(u);
    const b = await register(u);
    const list = async (q = '') =>
      (await t.http.get(`/api/demand-store${q}`).set(bearer(u)).expect(200)).body.map(
        (d: { _id: string }) => d._id,
      );
    expect(await list()).toEqual([b, a]);
    const first = (await t.http.get('/api/demand-store').set(bearer(u)).expect(200)).body[0];
    expect(first).toMatchObject({
      _id: b,
      currentStage: 'Startup',
      overallStatus: 'PendingInput',
      demandType: 'companion',
      isMarketReady: false,
    });
    expect(await list('?stage=Preparation')).toEqual([]);
    expect(await list('?status=PendingInput&stage=Startup')).toEqual([b, a]);
    await t.http.get('/api/demand-store?status=Nope').set(bearer(u)).expect(400);
    await t.http.put(`/api/demand-store/${a}/archive`).set(bearer(u)).expect(200);
    expect(await list()).toEqual([b]);
    expect(await list('?status=Archived')).toEqual([a]);
    const pay = await startupOrder(t, bearer(u), b);
    await t.http.delete(`/api/demand-store/${b}`).set(bearer(u)).expect(204);
    await t.http.get(`/api/demand-store/${b}`).set(bearer(u)).expect(404);
    expect(
      (await t.db.query(`SELECT "subjectId" FROM orders WHERE id = $1`, [pay.orderId]))[0].subjectId,
    ).toBe(b);
    // Paying the deleted demand's order settles it and starts nothing.
    await paySandbox(pay.paymentUrl);
    expect((await t.db.query(`SELECT status FROM orders WHERE id = $1`, [pay.orderId]))[0].status).toBe(
      'paid',
    );
  });

  describe('the lab viewer', () => {
    let lab: string;
    beforeAll(async () => {
      const { demand } = await startedDemand(owner);
      lab = demand.labName;
    });
    const get = (path: string, u?: User) => {
      const req = t.http.get(`/api/solutions/private/${path}`);
      return u ? req.set(bearer(u)) : req;
    };

    it('serves indexp.html by default, sandboxed, to the owner', async () => {
      for (const path of [lab, `${lab}/`, `${lab}/indexp.html`]) {
        const res = await get(path, owner).expect(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expectDocumentPolicy(res.headers['content-security-policy']);
        expect(res.text).toContain('需求总览');
      }
      const json = await get(`${lab}/data/startup.json`, owner).expect(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(json.text).summary).toEqual(expect.any(String));
    });

    it('escapes the user’s text in generated HTML', async () => {
      const id = await register(owner, {
        ...DEMAND,
        name: '<script>alert(1)</script>',
        content: `<img src=x onerror=alert(1)>${DEMAND.content}`,
      });
      await paySandbox((await startupOrder(t, bearer(owner), id)).paymentUrl);
      const d = await stageDone(owner, id, 'Startup');
      const html = (await get(`${d.labName}/indexp.html`, owner).expect(200)).text;
      // The page's one script is its own print-on-request line; none comes from the user's text.
      expect(html.split(PRINT_ON_REQUEST)).toHaveLength(2);
      expect(html.replace(PRINT_ON_REQUEST, '')).not.toContain('<script');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    });

    it('refuses traversal, NUL and absolute paths with 400', async () => {
      for (const path of [
        `${lab}/../x`,
        `${lab}/%2e%2e/x`,
        `${lab}/%2E%2E%2Fetc%2Fpasswd`,
        `${lab}//etc/passwd`,
        `${lab}/a%00.html`,
        `${lab}/..%5c..%5cwin.ini`,
        `${lab}/C:%5Cboot.ini`,
        '..',
      ])
        expect([path, (await get(path, owner)).status]).toEqual([path, 400]);
    });

    it('answers 401 without a token and 404 for another user, an unknown lab or file; support may read', async () => {
      await get(lab).expect(401);
      await get(lab, other).expect(404);
      await get('lab-unknown', owner).expect(404);
      await get(`${lab}/nope.html`, owner).expect(404);
      const staff = await verifiedUser(t, sink, 'staff');
      await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [staff.session.user.id]);
      await get(lab, staff).expect(200);
    });

    it('hands the frame a single-use URL for a file its reader may read; nobody else gets one', async () => {
      const ticket = (u: User, body: object) =>
        t.http.post('/api/demand-store/lab-ticket').set(bearer(u)).send(body);
      const { body } = await ticket(owner, { labName: lab, path: 'indexp.html' }).expect(201);
      expect(body).toEqual({
        url: expect.stringMatching(
          new RegExp(`^/api/solutions/private/${lab}/indexp\\.html\\?ticket=[\\w-]{43}$`),
        ),
        expiresInSeconds: 60,
      });
      const res = await t.http.get(body.url).expect(200);
      expect(res.text).toContain('需求总览');
      expectDocumentPolicy(res.headers['content-security-policy']);
      await t.http.get(body.url).expect(401);
      // Bound to its file: another path of the same lab does not open with it.
      const json = (await ticket(owner, { labName: lab, path: 'indexp.html' }).expect(201)).body.url;
      await t.http.get(json.replace('indexp.html', 'data/startup.json')).expect(401);
      await ticket(other, { labName: lab, path: 'indexp.html' }).expect(404);
      await ticket(owner, { labName: lab, path: '../x' }).expect(400);
      await ticket(owner, { labName: lab, path: 'nope.html' }).expect(404);
      await ticket(owner, { labName: lab }).expect(400);
    });
  });

  async function url(): Promise<string> {
    return `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
  }
});
