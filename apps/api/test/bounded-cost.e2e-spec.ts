import { OUTPUT_LIST_MAX, OUTPUT_TEXT_MAX, Role, STAGES } from '@think-tank/contracts';
import JSZip from 'jszip';
import { createSolution, DEMAND, insertUser } from './support/factories';
import { call, proxiedDatabase, spawnApi } from './support/spawned-api';
import { networkInterfaces } from 'node:os';
import { startTestApp, type TestApp } from './support/test-app';
import { FakeOAuthProvider } from './fakes/oauth-provider';
import { FakeTranslator } from './fakes/translator';
import Redis from 'ioredis';

type Auth = Record<string, string>;

/** Contract §11 "Bounded cost": no request may cost a replica more than its share (issue 34). */
describe('bounded cost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const register = (auth: Auth, name = DEMAND.name) =>
    t.http
      .post('/api/demand-store/register-demand')
      .set(auth)
      .send({ ...DEMAND, name });
  const registered = async (auth: Auth) => (await register(auth).expect(201)).body.demandId as string;

  /**
   * About the largest output a save can make: the shared check's bounds (20,000-character texts, 50-item lists)
   * filled as far as the 1 MiB body lets, with a summary of 10,000 lines and control characters in the solution.
   */
  const largest = () => {
    const list = <T>(item: (i: number) => T) => Array.from({ length: OUTPUT_LIST_MAX }, (_, i) => item(i));
    return {
      summary: '第一行\n'.repeat(OUTPUT_TEXT_MAX / 4),
      solution: `控制字符\u0001\u0008不可见\n${'行\n'.repeat(OUTPUT_TEXT_MAX / 2 - 20)}`,
      achieves: list((i) => ({
        [`成果${i}`]: { content: 'c'.repeat(8000), acceptance: 'a'.repeat(2000), remarks: '' },
      })),
      quantified_metrics: list((i) => ({ name: `指标${i}`, explanation: 'e'.repeat(3000) })),
      suggested_modules: list((i) => ({ name: `模块${i}`, intro: 'i'.repeat(3000), metrics: [] })),
    };
  };

  describe('stage outputs and their Word export', () => {
    it('refuses an output past its bounds: a 1 MiB many-line summary, 51 achieves', async () => {
      const owner = await insertUser(t);
      const id = await registered(owner.auth);
      await t.db.query(
        `UPDATE demand_stages SET status = 'Completed', output = $2 WHERE "demandId" = $1 AND stage = 'Startup'`,
        [id, JSON.stringify({ summary: 's', solution: 's', achieves: [], quantified_metrics: [] })],
      );
      const save = (output: object) =>
        t.http
          .put(`/api/demand-store/${id}/stage-data?stage=Startup`)
          .set(owner.auth)
          .send({ output, selectedModules: [] });
      // About 340,000 one-line paragraphs, under the 1 MiB body limit (the review's case).
      const manyLines = { summary: 'a\n'.repeat(340_000), solution: 's' };
      expect((await save(manyLines).expect(400)).body.details).toEqual([
        expect.objectContaining({ field: 'output.summary' }),
      ]);
      const tooMany = { summary: 's', solution: 's', achieves: Array(51).fill({ 上线: { content: 'c' } }) };
      expect((await save(tooMany).expect(400)).body.details).toEqual([
        expect.objectContaining({ field: 'output.achieves' }),
      ]);
      // A field the editor does not own is not taken from an edit.
      await save({
        summary: 's2',
        solution: 's2',
        prd_url: 'https://evil.example/x',
        junk: 'x'.repeat(1000),
      }).expect(200);
      const [{ output }] = await t.db.query(
        `SELECT output FROM demand_stages WHERE "demandId" = $1 AND stage = 'Startup'`,
        [id],
      );
      expect(output).toEqual({
        summary: 's2',
        solution: 's2',
        achieves: [],
        quantified_metrics: [],
        suggested_modules: [],
      });
    });

    it('exports five stages at their bounds within 5 s, the event loop answering health probes meanwhile', async () => {
      const owner = await insertUser(t);
      const id = await registered(owner.auth);
      await t.db.query(`UPDATE demand_stages SET status = 'Completed', output = $2 WHERE "demandId" = $1`, [
        id,
        JSON.stringify({ summary: 's', solution: 's' }),
      ]);
      const output = largest();
      expect(Buffer.byteLength(JSON.stringify({ output, selectedModules: [] }))).toBeLessThan(1024 * 1024);
      for (const stage of STAGES)
        await t.http
          .put(`/api/demand-store/${id}/stage-data?stage=${stage}`)
          .set(owner.auth)
          .send({ output, selectedModules: [] })
          .expect(200);
      // /api/health/live every 100 ms while the export runs; a probe waits from when it was due, so that a block
      // that delays its timer counts as much as one that delays its answer. A block holds the CPU for as long as it
      // lasts, so a wait counts for no more than the CPU time this process (the app's) spent meanwhile: that leaves
      // out the time a loaded machine kept the process waiting for a core, as the fuzz run does.
      const exportWhileProbing = async () => {
        const waits: number[] = [];
        let exporting = true;
        const probing = (async () => {
          let due = Date.now();
          let cpu = process.cpuUsage();
          while (exporting) {
            await t.http.get('/api/health/live').expect(200);
            const { user, system } = process.cpuUsage(cpu);
            waits.push(Math.min(Date.now() - due, (user + system) / 1000));
            due = Date.now() + 100;
            cpu = process.cpuUsage();
            await new Promise((r) => setTimeout(r, 100));
          }
        })();
        const started = Date.now();
        const res = await t.http
          .get(`/api/demand-store/${id}/export/docx`)
          .set(owner.auth)
          .buffer(true)
          .parse((r, done) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => done(null, Buffer.concat(chunks)));
          })
          .expect(200);
        const took = Date.now() - started;
        exporting = false;
        await probing;
        return { res, took, worstWait: Math.max(...waits) };
      };
      // Over budget, it is measured again once, as the fuzz run does: a real block comes back, another process's
      // burst on a loaded 2-core machine (the browser suite runs beside this one) does not.
      let run = await exportWhileProbing();
      if (run.took >= 5000 || run.worstWait >= 500) run = await exportWhileProbing();
      const { res, took, worstWait } = run;
      expect(took).toBeLessThan(5000);
      expect(worstWait).toBeLessThan(500);
      // Readable: no control character reaches the XML, and the cut is said.
      const xml = await (
        await JSZip.loadAsync(res.body as Buffer)
      )
        .file('word/document.xml')!
        .async('string');
      // eslint-disable-next-line no-control-regex -- control characters are what it looks for
      expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      expect(xml).toContain('控制字符不可见');
      expect(xml).toContain('部分内容过长，未全部导出');
      console.log(
        `export of ${STAGES.length} stages at their bounds: ${took} ms, worst health wait ${worstWait} ms`,
      );
    });

    it('allows 10 exports a minute per user, then 429', async () => {
      const owner = await insertUser(t);
      const id = await registered(owner.auth);
      await t.db.query(
        `UPDATE demand_stages SET status = 'Completed', output = $2 WHERE "demandId" = $1 AND stage = 'Startup'`,
        [id, JSON.stringify({ summary: 's', solution: 's', achieves: [], quantified_metrics: [] })],
      );
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await t.http.get(`/api/demand-store/${id}/export/docx`).set(owner.auth)).status);
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
    });
  });

  describe('demands', () => {
    it('takes 60 quick registrations as 10 awaiting their fee, 10 refused for that, 40 over the hourly rate', async () => {
      const owner = await insertUser(t);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => register(owner.auth, `需求${i}`)),
      );
      const count = (status: number) => answers.filter((a) => a.status === status).length;
      expect([count(201), count(409), count(429)]).toEqual([10, 10, 40]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('TOO_MANY_PENDING_DEMANDS');
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM demands WHERE "userId" = $1`, [
        owner.id,
      ]);
      expect(n).toBe(10);
    });

    it('refuses an 11th demand awaiting its fee, and takes one again once one is deleted', async () => {
      const owner = await insertUser(t);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push(await registered(owner.auth));
      expect((await register(owner.auth).expect(409)).body.code).toBe('TOO_MANY_PENDING_DEMANDS');
      await t.http.delete(`/api/demand-store/${ids[0]}`).set(owner.auth).expect(204);
      await register(owner.auth).expect(201);
    });

    it('pages the list with its total in X-Total-Count, texts cut to 500 characters', async () => {
      const owner = await insertUser(t);
      const long = `${DEMAND.content}${'细节'.repeat(400)}`;
      for (let i = 0; i < 3; i++)
        await t.http
          .post('/api/demand-store/register-demand')
          .set(owner.auth)
          .send({ ...DEMAND, name: `需求${i}`, content: long })
          .expect(201);
      const page = await t.http.get('/api/demand-store?pageSize=2&page=2').set(owner.auth).expect(200);
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.body).toHaveLength(1);
      expect(page.body[0]).toMatchObject({ name: '需求0', content: long.slice(0, 500) });
      // An empty parameter is an absent one; a number out of range is 400, never 500.
      const all = await t.http.get('/api/demand-store?stage=&status=').set(owner.auth).expect(200);
      expect(all.body).toHaveLength(3);
      for (const query of ['page=1e21', 'pageSize=51', 'page=0', 'page=x'])
        expect((await t.http.get(`/api/demand-store?${query}`).set(owner.auth)).status).toBe(400);
      const id = page.body[0]._id;
      await t.http.get(`/api/demand-store/${id}/events?after=1e21`).set(owner.auth).expect(400);
      await t.http.get('/api/messages?page=1e21').set(owner.auth).expect(400);
      // Search takes the spec's tags (ignored: the library has none) rather than refusing the request.
      const tagged = await t.http
        .get('/api/solutions/search?query=&tags=%E4%BE%9B%E5%BA%94%E9%93%BE')
        .expect(200);
      expect(tagged.body).toMatchObject({ page: 1, pageSize: 5 });
      await t.http
        .get('/api/admin/users?page=1e21')
        .set((await insertUser(t, Role.Admin)).auth)
        .expect(400);
    });
  });

  describe('refusals', () => {
    it('reads no more of a 2 M-character document to refuse a free reader than its teaser reads', async () => {
      // A replica of the app whose database traffic passes a proxy of the test's own, which counts it.
      const db = await proxiedDatabase(t);
      const replica = await startTestApp({ DATABASE_URL: db.url }, t);
      try {
        const solution = await createSolution(t, {
          html: `<h1>长文档</h1><p>${'数据治理方案。'.repeat(300_000)}</p>`,
        });
        const reader = await insertUser(t);
        const read = async (call: () => PromiseLike<{ status: number }>) => {
          const before = db.proxy.bytesFromServer;
          const { status } = await call();
          return { status, bytes: db.proxy.bytesFromServer - before };
        };
        const http = replica.http;
        const teaser = await read(() => http.get(`/api/solutions/${solution.id}/teaser`));
        const view = await read(() => http.get(`/api/solutions/${solution.id}/view`).set(reader.auth));
        const ticket = await read(() =>
          http.post(`/api/solutions/${solution.id}/view-ticket`).set(reader.auth),
        );
        expect([teaser.status, view.status, ticket.status]).toEqual([200, 402, 402]);
        // The head the teaser reads (200,000 characters) and the reader's row, not the 6 MB document.
        expect(view.bytes).toBeLessThan(teaser.bytes + 16 * 1024);
        expect(ticket.bytes).toBeLessThan(teaser.bytes + 16 * 1024);
        // Let through, the reader gets the whole document.
        await t.db.query(`UPDATE users SET role = 'vip' WHERE id = $1`, [reader.id]);
        const whole = await http.get(`/api/solutions/${solution.id}/view`).set(reader.auth).expect(200);
        expect(whole.text.length).toBe(`<h1>长文档</h1><p></p>`.length + 7 * 300_000);
      } finally {
        await replica.close();
        await db.proxy.down();
      }
    });

    it('counts 60 tickets a minute per reader, solution and lab alike, then 429', async () => {
      const solution = await createSolution(t);
      const reader = await insertUser(t, Role.Vip);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push(
          (await t.http.post(`/api/solutions/${solution.id}/view-ticket`).set(reader.auth)).status,
        );
      expect(new Set(statuses)).toEqual(new Set([201]));
      await t.http.post(`/api/solutions/${solution.id}/view-ticket`).set(reader.auth).expect(429);
      await t.http
        .post('/api/demand-store/lab-ticket')
        .set(reader.auth)
        .send({ labName: 'lab-0000000000000000', path: 'indexp.html' })
        .expect(429);
    });
  });

  describe('a development server (npm start)', () => {
    /** An address of this machine that is not the loopback, which another machine on its network would use. */
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

    it('listens on the loopback only unless HOST says otherwise, and shows its outbox to the loopback only', async () => {
      expect(outside).toBeDefined();
      const local = await spawnApi(t, { DEV_OUTBOX: 'true' });
      try {
        const port = new URL(local.base).port;
        expect((await call(local.base, '/api/dev/outbox')).status).toBe(200);
        await expect(fetch(`http://${outside}:${port}/api/health/live`)).rejects.toThrow();
      } finally {
        local.api.kill('SIGTERM');
      }
      const open = await spawnApi(t, { DEV_OUTBOX: 'true', HOST: '0.0.0.0' });
      try {
        const port = new URL(open.base).port;
        expect((await call(`http://${outside}:${port}`, '/api/health/live')).status).toBe(200);
        expect((await call(`http://${outside}:${port}`, '/api/dev/outbox')).status).toBe(404);
        expect((await call(open.base, '/api/dev/outbox')).status).toBe(200);
      } finally {
        open.api.kill('SIGTERM');
      }
    }, 120_000);
  });

  describe('anonymous state in Redis', () => {
    const github = new FakeOAuthProvider();
    const translator = new FakeTranslator({});
    let anon: TestApp;
    beforeAll(async () => {
      await github.start();
      await translator.start();
      anon = await startTestApp({
        ...github.env('GITHUB'),
        TRANSLATE_URL: translator.url,
        TRUST_PROXY: '127.0.0.1,::1,::ffff:127.0.0.1',
      });
    });
    afterAll(async () => {
      await anon.close();
      await github.stop();
      await translator.stop();
    });
    const keys = async (pattern: string) => {
      const redis = new Redis(anon.config.redis.url);
      try {
        return (await redis.keys(`${anon.config.redisPrefix}:${pattern}`)).length;
      } finally {
        redis.disconnect();
      }
    };

    it('keeps at most 20 sign-in states for 1,000 starts from one address; another address starts still', async () => {
      const statuses: number[] = [];
      for (let batch = 0; batch < 50; batch++)
        statuses.push(
          ...(
            await Promise.all(
              Array.from({ length: 20 }, () =>
                anon.http.post('/api/auth/github').set('X-Forwarded-For', '198.51.100.7'),
              ),
            )
          ).map((r) => r.status),
        );
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(980);
      expect(await keys('oauth:state:*')).toBe(20);
      await anon.http.post('/api/auth/github').set('X-Forwarded-For', '198.51.100.8').expect(200);
      // An IPv6 client's whole /64 is one address.
      for (let i = 1; i <= 20; i++)
        await anon.http
          .post('/api/auth/github')
          .set('X-Forwarded-For', `2001:db8:7:7::${i.toString(16)}`)
          .expect(200);
      await anon.http.post('/api/auth/github').set('X-Forwarded-For', '2001:db8:7:7:ffff::1').expect(429);
    });

    it('sends at most 30 new terms an hour from one address to the translator; searches go on without it', async () => {
      const search = (term: string) =>
        anon.http.get(`/api/solutions/search?query=${term}`).set('X-Forwarded-For', '198.51.100.9');
      for (let i = 0; i < 40; i++) await search(`term${i}x`).expect(200);
      expect(translator.requests.filter((r) => r.startsWith('term'))).toHaveLength(30);
      expect(await keys('translate:en-zh:term*')).toBe(30);
      // A term already known costs nothing of the budget.
      await search('term0x').expect(200);
      expect(translator.requests.filter((r) => r.startsWith('term'))).toHaveLength(30);
    });
  });
});
