import { bearer, verifiedUser } from './support/accounts';
import JSZip from 'jszip';
import { createSolution, startupOrder } from './support/factories';
import { waitFor } from './support/wait';
import { DEMAND, workshopSpec, type User } from './support/workshop';

describe('the workshop: registering, and what the built-in generator writes (contract §8)', () => {
  const { w, detail, stageDone, paySandbox, register } = workshopSpec();

  describe('registering', () => {
    it('refuses key value points of 20 characters or fewer after trimming, in the spec’s words', async () => {
      const res = await w.t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(w.owner))
        .send({ ...DEMAND, keyValuePoints: `  ${'一'.repeat(20)}  ` })
        .expect(400);
      expect(res.body.details).toEqual([
        { field: 'keyValuePoints', message: '关键价值点描述过短，请至少输入20个字符。' },
      ]);
      await w.t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(w.owner))
        .send({ ...DEMAND, keyValuePoints: '一'.repeat(21) })
        .expect(201);
    });

    it('asks what a vague demand leaves open, stores the answers, and Startup reads them (contract §12)', async () => {
      const vague = {
        name: '数字化',
        content: '想做数字化转型，提升效率',
        keyValuePoints: '希望整体运营效率明显提升，管理更加规范透明',
      };
      const registered = await w.t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(w.owner))
        .send(vague)
        .expect(201);
      expect(registered.body.questions.map((q: { id: string }) => q.id)).toEqual(['industry', 'scale']);
      expect(registered.body.questions[0]).toMatchObject({
        text: '您的业务属于哪个行业？',
        why: expect.stringContaining('行业'),
        options: expect.arrayContaining(['物流', '零售']),
      });
      // A demand that says both gets none.
      const clear = await w.t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(w.owner))
        .send(DEMAND)
        .expect(201);
      expect(clear.body.questions).toEqual([]);

      const id = registered.body.demandId as string;
      const answer = (body: object, u = w.owner) =>
        w.t.http.put(`/api/demand-store/${id}/answers`).set(bearer(u)).send(body);
      await answer({ answers: [{ id: 'budget', answer: '50万' }] }).expect(400);
      await answer({ answers: [{ id: 'industry', answer: '冷'.repeat(501) }] }).expect(400);
      await answer({ answers: [{ id: 'industry', answer: '冷链物流' }] }, w.other).expect(404);
      const saved = await answer({ answers: [{ id: 'industry', answer: ' 冷链物流 ' }] }).expect(200);
      expect(saved.body.map((q: { answer: string | null }) => q.answer)).toEqual(['冷链物流', null]);
      expect((await detail(w.owner, id)).questions.map((q) => q.answer)).toEqual(['冷链物流', null]);

      // The scale stays unanswered, and the start is not held up by it.
      await paySandbox((await startupOrder(w.t, bearer(w.owner), id)).paymentUrl);
      const output = (await stageDone(w.owner, id, 'Startup')).stagesData.Startup.output!;
      expect(output.solution).toContain('已参考您的回答：行业：冷链物流。');
      expect(output.suggested_modules.map((m) => m.name)).toContain('冷链温控监测');
    });

    it('refuses illegal keywords in Chinese and English, full-width and any case, naming them', async () => {
      const res = await w.t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(w.owner))
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
      const id = await register(w.owner);
      const revise = (body: object) =>
        w.t.http.put(`/api/demand-store/${id}/revise?stage=Startup`).set(bearer(w.owner)).send(body);
      const illegal = await revise({
        content: `${DEMAND.content} 顺便采购枪支`,
        keyValuePoints: DEMAND.keyValuePoints,
      }).expect(422);
      expect(illegal.body).toMatchObject({ code: 'ILLEGAL_CONTENT', keywords: ['枪支'] });
      const short = await revise({ content: DEMAND.content, keyValuePoints: '一'.repeat(20) }).expect(400);
      expect(short.body.details.map((d: { field: string }) => d.field)).toEqual(['keyValuePoints']);
      expect((await detail(w.owner, id)).stagesData.Startup.input?.content).toBe(DEMAND.content);
    });

    it('refuses a name over 200 and content over 20000 characters, and anonymous callers', async () => {
      const long = await w.t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(w.owner))
        .send({ ...DEMAND, name: 'n'.repeat(201), content: 'c'.repeat(20_001) })
        .expect(400);
      expect(long.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['content', 'name']);
      await w.t.http.post('/api/demand-store/register-demand').send(DEMAND).expect(401);
    });

    it('waits for the start-up fee: PendingInput, Startup payment Pending, every stage present', async () => {
      const res = await w.t.http
        .post('/api/demand-store/register-demand')
        .set(bearer(w.owner))
        .send(DEMAND)
        .expect(201);
      expect(res.body).toMatchObject({ needsPayment: true, productInfo: { isValid: true } });
      const d = await detail(w.owner, res.body.demandId);
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
      const id = await register(w.owner, { ...DEMAND, ...fields });
      await paySandbox((await startupOrder(w.t, bearer(w.owner), id)).paymentUrl);
      return (await stageDone(w.owner, id, 'Startup')).stagesData.Startup.output!;
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
      const cold = await createSolution(w.t, {
        projectName: '社区生鲜冷链配送优化',
        projectRequirements: '冷链配送损耗高，车辆利用率低',
        projectRequirementsDetails: '路线优化与全程温控',
      });
      const unrelated = await createSolution(w.t, {
        projectName: '高校排课系统',
        projectRequirements: '排课耗时长',
        projectRequirementsDetails: '教务排课自动化',
      });
      const fields = {
        name: '社区团购冷链配送',
        content: '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控。',
        keyValuePoints: '损耗率降到4%，车辆利用率提升到80%，配送准时率达到98%。',
      };
      const id = await register(w.owner, { ...DEMAND, ...fields });
      await paySandbox((await startupOrder(w.t, bearer(w.owner), id)).paymentUrl);
      const first = (await stageDone(w.owner, id, 'Startup')).stagesData.Startup.output!;
      const cited = first.related_solutions!.find((r) => r.id === cold.id);
      expect(cited).toMatchObject({
        name: '社区生鲜冷链配送优化',
        reason: expect.stringMatching(/^与需求共有关键词：.*配送/),
      });
      expect(first.related_solutions!.map((r) => r.id)).not.toContain(unrelated.id);
      const d = await detail(w.owner, id);
      const lab = await w.t.http
        .get(`/api/solutions/private/${d.labName}/indexp.html`)
        .set(bearer(w.owner))
        .expect(200);
      expect(lab.text).toContain(
        `<a href="/solutions/${cold.id}/view" target="_blank" rel="noopener">社区生鲜冷链配送优化</a>`,
      );
      // An edit cannot plant citations: they are the server's.
      await w.t.http
        .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
        .set(bearer(w.owner))
        .send({
          output: { ...first, related_solutions: [{ id: unrelated.id, name: '伪造', reason: 'x' }] },
          selectedModules: [],
        })
        .expect(200);
      expect((await detail(w.owner, id)).stagesData.Startup.output!.related_solutions).toEqual(
        first.related_solutions,
      );

      // Support sees which solutions deliverables cite most.
      const staff = await verifiedUser(w.t, w.sink, 'staff');
      await w.t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [staff.session.user.id]);
      const citations = await w.t.http.get('/api/admin/solutions/citations').set(bearer(staff)).expect(200);
      expect(citations.body).toContainEqual({
        solutionId: cold.id,
        name: '社区生鲜冷链配送优化',
        citations: 1,
      });
      await w.t.http.get('/api/admin/solutions/citations').set(bearer(w.owner)).expect(403);

      await w.t.db.query('DELETE FROM solutions WHERE id = $1', [cold.id]);
      await w.t.http
        .put(`/api/demand-store/${id}/revise?stage=Startup`)
        .set(bearer(w.owner))
        .send({ content: `城市${fields.content}`, keyValuePoints: fields.keyValuePoints })
        .expect(200);
      const again = await waitFor(async () => {
        const s = (await detail(w.owner, id)).stagesData.Startup;
        return s.status === 'Completed' && s.output!.summary !== first.summary && s.output;
      });
      expect(again!.related_solutions!.map((r) => r.id)).not.toContain(cold.id);
    });

    it('exports the deliverables as Word for the owner (and staff), named after the demand', async () => {
      await createSolution(w.t, { projectName: '城市冷链配送调度', projectRequirements: '冷链配送车辆调度' });
      const id = await register(w.owner, {
        name: '冷链/配送 2026',
        content: '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控。',
        keyValuePoints: '损耗率降到4%，车辆利用率提升到80%，配送准时率达到98%。',
      });
      await w.t.http
        .get(`/api/demand-store/${id}/export/docx`)
        .set(bearer(w.owner))
        .expect(409, /STAGE_NOT_COMPLETED/);
      await paySandbox((await startupOrder(w.t, bearer(w.owner), id)).paymentUrl);
      const output = (await stageDone(w.owner, id, 'Startup')).stagesData.Startup.output!;
      const download = (path: string, u?: User) => {
        const req = w.t.http
          .get(path)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          });
        return u ? req.set(bearer(u)) : req;
      };
      const res = await download(`/api/demand-store/${id}/export/docx?stage=Startup`, w.owner).expect(200);
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
      // The AI label (GB 45438-2025): visible above the title and in the page header, implicit in the properties.
      const zip = await JSZip.loadAsync(res.body as Buffer);
      const text = async (file: string) => (await zip.file(file)!.async('string')).replace(/<[^<>]*>/g, '');
      expect(words.indexOf('本内容由AI生成')).toBeLessThan(words.indexOf('冷链/配送 2026'));
      const header = Object.keys(zip.files).find((f) => /^word\/header\d*\.xml$/.test(f))!;
      expect(await text(header)).toContain('本内容由AI生成');
      expect(await zip.file('docProps/core.xml')!.async('string')).toContain(
        '<cp:keywords>本内容由AI生成</cp:keywords>',
      );
      const { labName } = await detail(w.owner, id);
      expect(JSON.parse((await text('docProps/custom.xml')).replace(/&quot;/g, '"'))).toEqual({
        Label: '1',
        ContentProducer: '智库',
        ProduceID: `${labName}/export.docx`,
      });

      await download(`/api/demand-store/${id}/export/docx`, w.owner).expect(200);
      await download(`/api/demand-store/${id}/export/docx`, w.other).expect(404);
      await download(`/api/demand-store/${id}/export/docx`).expect(401);
      await download(`/api/demand-store/${id}/export/docx?stage=Preparation`, w.owner).expect(409);
      await download(`/api/demand-store/${id}/export/docx?stage=Nope`, w.owner).expect(400);
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
        await w.t.db.query(`SELECT "labName" FROM demands WHERE "outputLanguage" = 'en' LIMIT 1`)
      )[0].labName;
      const lab = (
        await w.t.http.get(`/api/solutions/private/${labName}/indexp.html`).set(bearer(w.owner)).expect(200)
      ).text;
      expect(lab).toContain('<html lang="en">');
      expect(lab).toContain('<title>Coffee chain waste: Overview (AI-generated)</title>');
      expect(lab).toContain('<body><p class="ai-label" role="note">AI-generated</p>');
      expect(lab).toContain('<h3 id="startup-problem">The problem to solve</h3>');
      expect(lab).not.toContain('要解决的问题');
    });
  });
});
