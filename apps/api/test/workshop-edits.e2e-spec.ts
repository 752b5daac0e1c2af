import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DemandSocketEvent, QueueName, type DemandEventPayload } from '@think-tank/contracts';
import { io, type Socket } from 'socket.io-client';
import { StageQueue } from '../src/modules/workshop/stage-queue.service';
import { bearer, verifiedUser } from './support/accounts';
import { PRINT_ON_REQUEST } from '../src/modules/workshop/generation/lab-files';
import { startupOrder } from './support/factories';
import { waitFor } from './support/wait';
import { expectDocumentPolicy } from './support/document-policy';
import { DEMAND, workshopSpec, type User } from './support/workshop';

describe('the workshop: edits, revisions, isolation, the list and the lab viewer (contract §8)', () => {
  const { w, detail, stageDone, events, paySandbox, register, startedDemand, url } = workshopSpec();

  it('saves an edited output with its shape checked, keeping every previous version', async () => {
    const { id, demand } = await startedDemand(w.owner);
    const output = demand.stagesData.Startup.output!;
    const bad = await w.t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(w.owner))
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
    const saved = await w.t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(w.owner))
      .send({
        output: { ...output, summary: '改写后的问题', prd_url: 'javascript:alert(1)' },
        selectedModules: [custom],
      })
      .expect(200);
    expect(saved.body.stagesData.Startup.output.summary).toBe('改写后的问题');
    expect(saved.body.stagesData.Startup.output.prd_url).toBeUndefined();
    expect(saved.body.stagesData.Startup.selectedModules).toEqual([custom]);
    await w.t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
      .set(bearer(w.owner))
      .send({ output, selectedModules: [] })
      .expect(200);
    const [{ history }] = await w.t.db.query(
      `SELECT history FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`,
      [id],
    );
    expect(history.map((v: { output: { summary: string } }) => v.output.summary)).toEqual([
      output.summary,
      '改写后的问题',
    ]);
    const notDone = await w.t.http
      .put(`/api/demand-store/${id}/stage-data?stage=Opening`)
      .set(bearer(w.owner))
      .send({ output, selectedModules: [] })
      .expect(409);
    expect(notDone.body.code).toBe('STAGE_NOT_COMPLETED');
  });

  it('refuses achieves a renderer cannot read, keeps the last 20 versions of a stage and limits saves', async () => {
    // A user of its own: saves are limited per user.
    const saver = await verifiedUser(w.t, w.sink, 'saver');
    const { id, demand } = await startedDemand(saver);
    const output = demand.stagesData.Startup.output!;
    const save = (o: object) =>
      w.t.http
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
    const [{ history }] = await w.t.db.query(
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
    const { id, demand } = await startedDemand(w.owner);
    await w.t.db.query(
      `UPDATE demand_stages SET status = 'Completed', output = $2 WHERE "demandId" = $1 AND stage = 'Preparation'`,
      [id, JSON.stringify(demand.stagesData.Startup.output)],
    );
    const revised = await w.t.http
      .put(`/api/demand-store/${id}/revise?stage=Startup`)
      .set(bearer(w.owner))
      .send({
        content: '医院门诊排队时间长，希望用智能分诊和预约减少等待。',
        keyValuePoints: '门诊平均等待时间从90分钟降到30分钟以内，患者满意度提升。',
      })
      .expect(200);
    expect(revised.body.currentStage).toBe('Startup');
    expect(revised.body.stagesData.Preparation.stale).toBe(true);
    const again = await waitFor(async () => {
      const d = await detail(w.owner, id);
      return (
        d.stagesData.Startup.status === 'Completed' &&
        d.stagesData.Startup.output!.summary !== demand.stagesData.Startup.output!.summary &&
        d
      );
    });
    expect(again.stagesData.Startup.output!.summary).toContain('门诊');
    await w.t.http
      .put(`/api/demand-store/${id}/revise?stage=Opening`)
      .set(bearer(w.owner))
      .send({ content: 'x', keyValuePoints: 'y'.repeat(21) })
      .expect(400);
  });

  it('allows 10 revisions an hour per user and answers the 11th with 429 and Retry-After', async () => {
    const u = await verifiedUser(w.t, w.sink, 'reviser');
    // Unpaid, so that no run has to finish between revisions: the limit counts requests.
    const id = await register(u);
    const revise = (i: number) =>
      w.t.http
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
    const id = await register(w.owner);
    expect(
      (await w.t.http.put(`/api/demand-store/${id}/advance`).set(bearer(w.owner)).send({}).expect(409)).body
        .code,
    ).toBe('STAGE_NOT_COMPLETED');
    expect(
      (
        await w.t.http
          .put(`/api/demand-store/${id}/retry-stage?stage=Startup`)
          .set(bearer(w.owner))
          .expect(409)
      ).body.code,
    ).toBe('STAGE_NOT_FAILED');
    await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(w.owner))
      .send({ stageInput: { securityLevel: 'secret' } })
      .expect(400);
  });

  it('hides another user’s demand everywhere: 404, and no live events', async () => {
    const id = await register(w.owner);
    for (const [method, path] of [
      ['get', `/api/demand-store/${id}`],
      ['get', `/api/demand-store/${id}/events`],
      ['put', `/api/demand-store/${id}/advance`],
      ['put', `/api/demand-store/${id}/retry-stage?stage=Startup`],
      ['put', `/api/demand-store/${id}/archive`],
      ['put', `/api/demand-store/${id}/unarchive`],
      ['delete', `/api/demand-store/${id}`],
    ] as const)
      await w.t.http[method](path).set(bearer(w.other)).send({}).expect(404);
    await w.t.http
      .post('/api/payments/initiate-demand-startup')
      .set(bearer(w.other))
      .send({ demandId: id })
      .expect(404);
    expect(
      (await w.t.http.get('/api/demand-store').set(bearer(w.other)).expect(200)).body.map(
        (d: { _id: string }) => d._id,
      ),
    ).not.toContain(id);

    const socket = io(`${url()}/demand-events`, {
      auth: { token: w.other.session.access_token },
      transports: ['websocket'],
    });
    const answer = await new Promise<{ message: string }>((ok) =>
      socket.on(DemandSocketEvent.subscriptionError, ok).emit(DemandSocketEvent.subscribe, { demandId: id }),
    );
    expect(answer.message).toBe('无法订阅该需求的实时消息');
    socket.close();
  });

  it('streams a stage’s progress live to its owner, ending with one demand_completed', async () => {
    const id = await register(w.owner);
    const socket: Socket = io(`${url()}/demand-events`, {
      auth: { token: w.owner.session.access_token },
      transports: ['websocket'],
    });
    const seen: DemandEventPayload[] = [];
    socket.on(DemandSocketEvent.progress, (e: DemandEventPayload) => seen.push(e));
    socket.on(DemandSocketEvent.completed, (e: DemandEventPayload) => seen.push(e));
    await new Promise((ok) =>
      socket.on(DemandSocketEvent.subscribed, ok).emit(DemandSocketEvent.subscribe, { demandId: id }),
    );
    await paySandbox((await startupOrder(w.t, bearer(w.owner), id)).paymentUrl);
    // Once the run has stored its completion, every stored event, and no other, reached the socket (a duplicate
    // completion would be one more). Waiting for the completion first: between two progress lines the socket can
    // hold every event stored so far.
    await waitFor(async () => {
      const stored = await events(id);
      return (
        stored.some((e) => e.event === 'demand_completed') &&
        seen.at(-1)?.id === stored.at(-1)?.id &&
        seen.length >= stored.length
      );
    });
    socket.close();
    expect(seen[0]).toMatchObject({ demandId: id, stage: 'Startup', messageType: 'IMPORTANT' });
    expect(seen.some((e) => e.messageType === 'DETAIL')).toBe(true);
    expect(seen.filter((e) => e.event === 'demand_completed')).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({ event: 'demand_completed', messageType: 'COMPLETED' });
    expect(seen.map((e) => e.id)).toEqual((await events(id)).map((e) => e.id));
  });

  it('drops a duplicate enqueue of the same run: Bull holds one job per run', async () => {
    const { id } = await startedDemand(w.owner);
    const before = (await events(id)).length;
    const run = { demandId: id, stage: 'Startup' as const, run: 1 };
    await Promise.all([1, 2, 3].map(() => w.worker.get(StageQueue).enqueue(run)));
    // Finished jobs are kept, so a second job of the run would be found in some state whether it ran or not.
    const queue = w.worker.get<Queue<typeof run>>(getQueueToken(QueueName.demandStages));
    const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'paused']);
    expect(jobs.filter((j) => j.data.demandId === id && j.data.run === 1)).toHaveLength(1);
    expect((await events(id)).length).toBe(before);
  });

  it('lists own demands newest first, filters by stage and status, archives and deletes (keeping orders)', async () => {
    const u = await verifiedUser(w.t, w.sink, 'lister');
    const a = await register(u, { ...DEMAND, name: '门店补货 100%_达标' });
    const b = await register(u);
    const list = async (q = '') =>
      (await w.t.http.get(`/api/demand-store${q}`).set(bearer(u)).expect(200)).body.map(
        (d: { _id: string }) => d._id,
      );
    expect(await list()).toEqual([b, a]);
    // By a part of the name, as typed: % and _ are letters there, not wildcards.
    expect(await list(`?query=${encodeURIComponent('补货 100%_')}`)).toEqual([a]);
    expect(await list(`?query=${encodeURIComponent('100%%')}`)).toEqual([]);
    expect(await list('?query=&stage=&status=')).toEqual([b, a]);
    await w.t.http
      .get(`/api/demand-store?query=${'长'.repeat(101)}`)
      .set(bearer(u))
      .expect(400);
    const first = (await w.t.http.get('/api/demand-store').set(bearer(u)).expect(200)).body[0];
    expect(first).toMatchObject({
      _id: b,
      currentStage: 'Startup',
      overallStatus: 'PendingInput',
      demandType: 'companion',
      isMarketReady: false,
    });
    expect(await list('?stage=Preparation')).toEqual([]);
    expect(await list('?status=PendingInput&stage=Startup')).toEqual([b, a]);
    await w.t.http.get('/api/demand-store?status=Nope').set(bearer(u)).expect(400);
    await w.t.http.put(`/api/demand-store/${a}/archive`).set(bearer(u)).expect(200);
    expect(await list()).toEqual([b]);
    expect(await list('?status=Archived')).toEqual([a]);
    // Back from the archive with the status its stage has (awaiting the start-up fee), first as the latest change.
    const back = await w.t.http.put(`/api/demand-store/${a}/unarchive`).set(bearer(u)).expect(200);
    expect(back.body).toMatchObject({ _id: a, overallStatus: 'PendingInput' });
    expect(await list()).toEqual([a, b]);
    expect(await list('?status=Archived')).toEqual([]);
    // A demand not archived is answered as it is, its place in the list kept.
    await w.t.http.put(`/api/demand-store/${b}/unarchive`).set(bearer(u)).expect(200);
    expect(await list('?status=PendingInput')).toEqual([a, b]);
    const pay = await startupOrder(w.t, bearer(u), b);
    await w.t.http.delete(`/api/demand-store/${b}`).set(bearer(u)).expect(204);
    await w.t.http.get(`/api/demand-store/${b}`).set(bearer(u)).expect(404);
    expect(
      (await w.t.db.query(`SELECT "subjectId" FROM orders WHERE id = $1`, [pay.orderId]))[0].subjectId,
    ).toBe(b);
    // Paying the deleted demand's order settles it and starts nothing.
    await paySandbox(pay.paymentUrl);
    expect((await w.t.db.query(`SELECT status FROM orders WHERE id = $1`, [pay.orderId]))[0].status).toBe(
      'paid',
    );
  });

  describe('the lab viewer', () => {
    let lab: string;
    beforeAll(async () => {
      const { demand } = await startedDemand(w.owner);
      lab = demand.labName;
    });
    const get = (path: string, u?: User) => {
      const req = w.t.http.get(`/api/solutions/private/${path}`);
      return u ? req.set(bearer(u)) : req;
    };

    it('serves indexp.html by default, sandboxed, to the owner', async () => {
      for (const path of [lab, `${lab}/`, `${lab}/indexp.html`]) {
        const res = await get(path, w.owner).expect(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expectDocumentPolicy(res.headers['content-security-policy']);
        expect(res.text).toContain('需求总览');
      }
      const json = await get(`${lab}/data/startup.json`, w.owner).expect(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(json.text).summary).toEqual(expect.any(String));
    });

    it('escapes the user’s text in generated HTML', async () => {
      const id = await register(w.owner, {
        ...DEMAND,
        name: '<script>alert(1)</script>',
        content: `<img src=x onerror=alert(1)>${DEMAND.content}`,
      });
      await paySandbox((await startupOrder(w.t, bearer(w.owner), id)).paymentUrl);
      const d = await stageDone(w.owner, id, 'Startup');
      const html = (await get(`${d.labName}/indexp.html`, w.owner).expect(200)).text;
      // The page's one script is its own print-on-request line; none comes from the user's text.
      expect(html.split(PRINT_ON_REQUEST)).toHaveLength(2);
      expect(html.replace(PRINT_ON_REQUEST, '')).not.toContain('<script');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      // Labelled as generated (GB 45438-2025): first thing on the page, in the title a printed PDF keeps, and as the
      // implicit AIGC field.
      expect(html).toContain('<body><p class="ai-label" role="note">本内容由AI生成</p>');
      expect(html).toContain(
        '<title>&lt;script&gt;alert(1)&lt;/script&gt;：需求总览（本内容由AI生成）</title>',
      );
      const aigc = /<meta name="AIGC" content="([^"]*)">/.exec(html)![1].replace(/&quot;/g, '"');
      expect(JSON.parse(aigc)).toEqual({
        Label: '1',
        ContentProducer: '智库',
        ProduceID: `${d.labName}/indexp.html`,
      });
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
        expect([path, (await get(path, w.owner)).status]).toEqual([path, 400]);
    });

    it('answers 401 without a token and 404 for another user, an unknown lab or file; support may read', async () => {
      await get(lab).expect(401);
      await get(lab, w.other).expect(404);
      await get('lab-unknown', w.owner).expect(404);
      await get(`${lab}/nope.html`, w.owner).expect(404);
      const staff = await verifiedUser(w.t, w.sink, 'staff');
      await w.t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [staff.session.user.id]);
      await get(lab, staff).expect(200);
    });

    it('hands the frame a single-use URL for a file its reader may read; nobody else gets one', async () => {
      const ticket = (u: User, body: object) =>
        w.t.http.post('/api/demand-store/lab-ticket').set(bearer(u)).send(body);
      const { body } = await ticket(w.owner, { labName: lab, path: 'indexp.html' }).expect(201);
      expect(body).toEqual({
        url: expect.stringMatching(
          new RegExp(`^/api/solutions/private/${lab}/indexp\\.html\\?ticket=[\\w-]{43}$`),
        ),
        expiresInSeconds: 60,
      });
      const res = await w.t.http.get(body.url).expect(200);
      expect(res.text).toContain('需求总览');
      expectDocumentPolicy(res.headers['content-security-policy']);
      await w.t.http.get(body.url).expect(401);
      // Bound to its file: another path of the same lab does not open with it.
      const json = (await ticket(w.owner, { labName: lab, path: 'indexp.html' }).expect(201)).body.url;
      await w.t.http.get(json.replace('indexp.html', 'data/startup.json')).expect(401);
      await ticket(w.other, { labName: lab, path: 'indexp.html' }).expect(404);
      await ticket(w.owner, { labName: lab, path: '../x' }).expect(400);
      await ticket(w.owner, { labName: lab, path: 'nope.html' }).expect(404);
      await ticket(w.owner, { labName: lab }).expect(400);
    });
  });

  describe('share links (contract §12)', () => {
    it('lets the owner share the deliverables read-only, list and revoke the links; they expire', async () => {
      const { id, demand } = await startedDemand(w.owner);
      const shares = (u?: User) => {
        const req = w.t.http.post(`/api/demand-store/${id}/shares`);
        return u ? req.set(bearer(u)) : req;
      };
      await shares(w.other).send({}).expect(404);
      await shares().send({}).expect(401);
      await shares(w.owner).send({ expiresInDays: 91 }).expect(400);
      const made = (await shares(w.owner).send({}).expect(201)).body;
      expect(made).toEqual({
        token: expect.stringMatching(/^[\w-]{43}$/),
        url: `${w.t.config.publicUrl}/shared/${made.token}`,
        expiresAt: expect.any(String),
      });
      const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      // Anyone with the link reads the name, the outputs and the lab, and nothing of the owner.
      const open = await w.t.http.get(`/api/shared/${made.token}`).expect(200);
      expect(open.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(open.body).toMatchObject({ name: demand.name, stages: [{ stage: 'Startup' }] });
      expect(open.body.files).toContain('indexp.html');
      const said = JSON.stringify(open.body);
      expect(said).not.toContain(w.owner.username);
      expect(said).not.toContain(w.owner.email);
      const page = await w.t.http.get(`/api/shared/${made.token}/files/indexp.html`).expect(200);
      expectDocumentPolicy(page.headers['content-security-policy']);
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.text).toContain('本内容由AI生成');
      await w.t.http.get(`/api/shared/${made.token}/files/../x`).expect(400);
      await w.t.http.get(`/api/shared/${made.token}/files/nope.html`).expect(404);

      const list = (u: User) => w.t.http.get(`/api/demand-store/${id}/shares`).set(bearer(u));
      expect((await list(w.owner).expect(200)).body.map((s: { token: string }) => s.token)).toEqual([
        made.token,
      ]);
      await list(w.other).expect(404);
      await w.t.http.delete(`/api/demand-store/${id}/shares/${made.token}`).set(bearer(w.other)).expect(404);
      await w.t.http.delete(`/api/demand-store/${id}/shares/${made.token}`).set(bearer(w.owner)).expect(204);
      await w.t.http.get(`/api/shared/${made.token}`).expect(404);
      await w.t.http.get(`/api/shared/${made.token}/files/indexp.html`).expect(404);

      const later = (await shares(w.owner).send({ expiresInDays: 90 }).expect(201)).body;
      await w.t.db.query(
        `UPDATE demand_shares SET "expiresAt" = now() - interval '1 second' WHERE token = $1`,
        [later.token],
      );
      await w.t.http.get(`/api/shared/${later.token}`).expect(404);
      expect((await list(w.owner).expect(200)).body).toEqual([]);
      await w.t.http.get('/api/shared/not-a-token').expect(404);
    });
  });
});
