import { LatinTrigramsAndSignatures1795372800000 } from '../src/database/migrations/1795372800000-LatinTrigramsAndSignatures';
import { gramsOf, searchText } from '../src/modules/solutions/search-text';
import { verifiedUser } from './support/accounts';
import { FakeTranslator } from './fakes/translator';
import { createSolution } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';

describe('solution search (contract §4)', () => {
  let t: TestApp;
  const search = (params: Record<string, string | number | undefined>) =>
    t.http.get('/api/solutions/search').query(params);
  const names = (body: { list: { projectName: string }[] }) => body.list.map((s) => s.projectName);

  beforeAll(async () => {
    t = await startTestApp();
    // Oldest first, so the newest-first order is the reverse of this list.
    await createSolution(t, {
      projectName: '智能制造质检',
      projectRequirements: '产线视觉检测',
      projectRequirementsDetails: '缺陷识别与追溯',
    });
    await createSolution(t, {
      projectName: '零售会员运营',
      projectRequirements: '门店客流分析',
      projectRequirementsDetails: '会员画像 CRM 系统',
    });
    await createSolution(t, {
      projectName: '人工智能 风控',
      projectRequirements: '信贷反欺诈',
      projectRequirementsDetails: '实时评分',
    });
    await createSolution(t, {
      projectName: '冷链物流调度',
      projectRequirements: '路径规划',
      projectRequirementsDetails: '温控 ERP 对接',
    });
    await createSolution(t, {
      projectName: '质检检质',
      projectRequirements: '拼写测试',
      projectRequirementsDetails: '无',
    });
  });
  afterAll(() => t.close());

  it('answers all solutions, newest first, for a blank or white-space query', async () => {
    for (const query of ['', '   ']) {
      const res = await search({ query }).expect(200);
      expect(res.body).toMatchObject({ totalCount: 5, page: 1, pageSize: 5 });
      expect(names(res.body)).toEqual([
        '质检检质',
        '冷链物流调度',
        '人工智能 风控',
        '零售会员运营',
        '智能制造质检',
      ]);
      expect(res.body.list[0]).toEqual({
        _id: expect.any(String),
        projectName: '质检检质',
        projectRequirements: '拼写测试',
        projectRequirementsDetails: '无',
      });
      expect(res.body.totalCountCapped).toBeUndefined();
    }
  });

  it('finds one-character Chinese terms in any field', async () => {
    expect(names((await search({ query: '链' }).expect(200)).body)).toEqual(['冷链物流调度']);
    expect(names((await search({ query: '客' }).expect(200)).body)).toEqual(['零售会员运营']);
    expect(names((await search({ query: '追' }).expect(200)).body)).toEqual(['智能制造质检']);
  });

  it('requires every term, each in any of the three fields', async () => {
    const res = await search({ query: '智能 追溯' }).expect(200);
    expect(names(res.body)).toEqual(['智能制造质检']);
    expect(res.body.totalCount).toBe(1);
    expect((await search({ query: '智能 会员' }).expect(200)).body.totalCount).toBe(0);
  });

  it('matches a longer term only where it stands whole, not where its pieces do', async () => {
    // '质检检质' holds the bigrams of '检质检' and of '质检质'… but only the first as a substring.
    expect(names((await search({ query: '检检' }).expect(200)).body)).toEqual(['质检检质']);
    // No solution holds '质检质' whole: it is read as its words (contract §12), not as the pieces of its grams.
    const byWords = await search({ query: '质检质' }).expect(200);
    expect(byWords.body).toMatchObject({ matchedBy: 'words', words: ['质检'] });
    expect(names((await search({ query: '反欺诈' }).expect(200)).body)).toEqual(['人工智能 风控']);
  });

  it('ignores case in Latin terms, and matches their Chinese translation too', async () => {
    expect(names((await search({ query: 'crm' }).expect(200)).body)).toEqual(['零售会员运营']);
    expect(names((await search({ query: 'Erp' }).expect(200)).body)).toEqual(['冷链物流调度']);
    // "AI" is not in the text; its translation 人工智能 is.
    expect(names((await search({ query: 'AI 风控' }).expect(200)).body)).toEqual(['人工智能 风控']);
    expect(names((await search({ query: 'logistics' }).expect(200)).body)).toEqual(['冷链物流调度']);
  });

  it('pages in fives by default, echoes the size used and caps it at 50', async () => {
    const second = await search({ query: '', page: 2, pageSize: 2 }).expect(200);
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, totalCount: 5 });
    expect(names(second.body)).toEqual(['人工智能 风控', '零售会员运营']);
    expect((await search({ page: 9 }).expect(200)).body.list).toEqual([]);
    expect((await search({ pageSize: 500 }).expect(200)).body.pageSize).toBe(50);
    for (const bad of [
      { page: 0 },
      { page: 'x' },
      { pageSize: 0 },
      { query: 'x'.repeat(201) },
      { sort: 'name' },
    ])
      expect((await search(bad).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });

  it('counts up to 1,000 and then says the count is capped, still paging newest first', async () => {
    const common = searchText(['常见方案', '常见需求', '常见细节']);
    await t.db.query(
      `WITH s AS (
         INSERT INTO solutions ("projectName", "projectRequirements", "projectRequirementsDetails", html, "createdAt")
         SELECT '常见方案', '常见需求', '常见细节', '<p>x</p>', now() - make_interval(secs => g) FROM generate_series(1, 1005) g
         RETURNING id, "createdAt")
       INSERT INTO solution_search ("solutionId", "createdAt", text, grams) SELECT id, "createdAt", $1, $2 FROM s`,
      [common, gramsOf(common)],
    );
    const res = await search({ query: '常见' }).expect(200);
    expect(res.body).toMatchObject({ totalCount: 1000, totalCountCapped: true, page: 1, pageSize: 5 });
    expect(res.body.list).toHaveLength(5);
    // Asked again, the query is known to be capped and goes straight to the recency walk: same answer shape.
    const again = await search({ query: '常见', page: 2 }).expect(200);
    expect(again.body).toMatchObject({ totalCount: 1000, totalCountCapped: true, page: 2 });
    expect(again.body.list.map((s: { _id: string }) => s._id)).not.toContain(res.body.list[0]._id);
    expect(again.body.list).toHaveLength(5);
    const deep = await search({ query: '常 见', page: 3, pageSize: 50 }).expect(200);
    expect(deep.body.list).toHaveLength(50);
    // Relevance orders the counted matches: past the count, the answer says the order is still the newest.
    const relevant = await search({ query: '常见', sort: 'relevance' }).expect(200);
    expect(relevant.body).toMatchObject({ totalCountCapped: true, sort: 'newest' });
    expect(relevant.body.list).toEqual(res.body.list);
    const rare = await search({ query: '常见 追溯' }).expect(200);
    // Each term occurs somewhere, only not together: §4's answer, not the words'.
    expect(rare.body).toEqual({
      list: [],
      totalCount: 0,
      page: 1,
      pageSize: 5,
      sort: 'newest',
      matchedBy: 'terms',
    });
  });

  it('narrows Latin terms by their trigrams, also in rows stored before there were trigrams', async () => {
    await createSolution(t, {
      projectName: 'OAuth2 单点登录',
      projectRequirements: '统一身份认证',
      projectRequirementsDetails: 'oaut h2 auth2x café2go',
    });
    const found = async (query: string) => names((await search({ query }).expect(200)).body);
    expect(await found('OAuth2')).toEqual(['OAuth2 单点登录']);
    expect(await found('AUTH2X 单点')).toEqual(['OAuth2 单点登录']);
    // Every trigram and bigram of 'oauth2x' is in the text, but the word is not.
    expect(await found('oauth2x')).toEqual([]);

    // The migration gives rows written before it exactly the grams gramsOf() gives rows written after it.
    const runner = t.db.createQueryRunner();
    try {
      await new LatinTrigramsAndSignatures1795372800000().down(runner);
      await new LatinTrigramsAndSignatures1795372800000().up(runner);
    } finally {
      await runner.release();
    }
    const rows: { text: string; grams: string[]; inStep: boolean }[] = await t.db.query(
      'SELECT text, grams, signature = gram_signature(grams) AS "inStep" FROM solution_search',
    );
    for (const row of rows) {
      expect([...row.grams].sort()).toEqual(gramsOf(row.text).sort());
      expect(row.inStep).toBe(true);
    }
    expect(await found('2go 身份')).toEqual(['OAuth2 单点登录']);
  });
});

describe('library editing by support staff (contract §9)', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  let adminToken = '';
  let supportToken = '';
  let freeToken = '';
  const input = {
    projectName: '仓储机器人调度',
    projectRequirements: '多机协同',
    projectRequirementsDetails: 'AGV 路径',
    html: '<h1>仓储</h1>',
  };

  beforeAll(async () => {
    t = await startTestApp({
      SMTP_URL: await sink.start(),
      ADMIN_EMAIL: 'boss@example.cn',
      ADMIN_PASSWORD: 'Adm1n!pass',
    });
    adminToken = (
      await t.http
        .post('/api/auth/login')
        .send({ username: 'boss@example.cn', password: 'Adm1n!pass' })
        .expect(200)
    ).body.access_token;
    const support = await verifiedUser(t, sink, 'support');
    await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [support.session.user.id]);
    supportToken = support.session.access_token;
    freeToken = (await verifiedUser(t, sink, 'free')).session.access_token;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('refuses visitors with 401 and ordinary users with 403', async () => {
    await t.http.post('/api/admin/solutions').send(input).expect(401);
    await t.http
      .post('/api/admin/solutions')
      .set('Authorization', `Bearer ${freeToken}`)
      .send(input)
      .expect(403, /FORBIDDEN/);
  });

  it('creates, updates and deletes, keeping search in step and auditing each write', async () => {
    const created = await t.http
      .post('/api/admin/solutions')
      .set('Authorization', `Bearer ${supportToken}`)
      .send(input)
      .expect(201);
    const id = created.body._id;
    expect(created.body).toMatchObject({ ...input, _id: expect.any(String), createdAt: expect.any(String) });
    expect(
      (await t.http.get('/api/solutions/search').query({ query: '机器人 agv' })).body.list.map(
        (s: { _id: string }) => s._id,
      ),
    ).toEqual([id]);

    await t.http
      .put(`/api/admin/solutions/${id}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ ...input, projectName: '仓储无人车调度' })
      .expect(200);
    expect((await t.http.get('/api/solutions/search').query({ query: '机器人' })).body.totalCount).toBe(0);
    expect((await t.http.get('/api/solutions/search').query({ query: '无人车' })).body.totalCount).toBe(1);
    // The signature a recency walk tests follows the grams on every write.
    expect(
      await t.db.query(
        `SELECT signature = gram_signature(grams) AS "inStep" FROM solution_search WHERE "solutionId" = $1`,
        [id],
      ),
    ).toEqual([{ inStep: true }]);

    await t.http
      .delete(`/api/admin/solutions/${id}`)
      .set('Authorization', `Bearer ${supportToken}`)
      .expect(204);
    expect((await t.http.get('/api/solutions/search').query({ query: '无人车' })).body.totalCount).toBe(0);
    await t.http
      .delete(`/api/admin/solutions/${id}`)
      .set('Authorization', `Bearer ${supportToken}`)
      .expect(404);
    await t.http
      .put('/api/admin/solutions/not-a-uuid')
      .set('Authorization', `Bearer ${supportToken}`)
      .send(input)
      .expect(404);

    const audit = await t.db.query(
      `SELECT action, "targetId", "actorId" FROM audit_entries WHERE "targetId" = $1 ORDER BY "createdAt"`,
      [id],
    );
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'solution.create',
      'solution.update',
      'solution.delete',
    ]);
    expect(new Set(audit.map((a: { actorId: string }) => a.actorId)).size).toBe(2);
  });

  it('imports an array all or nothing, and validates each item', async () => {
    const batch = [1, 2, 3].map((i) => ({ ...input, projectName: `导入方案${i}` }));
    await t.http
      .post('/api/admin/solutions/import')
      .set('Authorization', `Bearer ${adminToken}`)
      .send(batch)
      .expect(201, { imported: 3 });
    expect((await t.http.get('/api/solutions/search').query({ query: '导入方案' })).body.totalCount).toBe(3);
    const bad = await t.http
      .post('/api/admin/solutions/import')
      .set('Authorization', `Bearer ${adminToken}`)
      .send([
        { ...input, projectName: '导入方案4' },
        { ...input, projectName: '' },
      ])
      .expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect((await t.http.get('/api/solutions/search').query({ query: '导入方案' })).body.totalCount).toBe(3);
  });

  it('takes documents over 1 MiB here (up to 20 MiB), unlike other routes', async () => {
    const html = `<p>${'大'.repeat(600_000)}</p>`;
    await t.http
      .post('/api/admin/solutions')
      .set('Authorization', `Bearer ${supportToken}`)
      .send({ ...input, html })
      .expect(201);
  });

  it('checks the role as it is now, not as the token says', async () => {
    const demoted = await verifiedUser(t, sink, 'demoted');
    await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [demoted.session.user.id]);
    await t.http
      .post('/api/admin/solutions')
      .set('Authorization', `Bearer ${demoted.session.access_token}`)
      .send(input)
      .expect(201);
    await t.db.query(`UPDATE users SET role = 'Free' WHERE id = $1`, [demoted.session.user.id]);
    await t.http
      .post('/api/admin/solutions')
      .set('Authorization', `Bearer ${demoted.session.access_token}`)
      .send(input)
      .expect(403);
  });
});

describe('search with a translation service (TRANSLATE_URL)', () => {
  let t: TestApp;
  const translator = new FakeTranslator({ yard: '堆场', slowword: '慢词' });
  const search = (query: string) => t.http.get('/api/solutions/search').query({ query }).expect(200);

  beforeAll(async () => {
    await translator.start();
    t = await startTestApp({ TRANSLATE_URL: translator.url });
    await createSolution(t, {
      projectName: '港口堆场调度',
      projectRequirements: '翻箱率高',
      projectRequirementsDetails: '集卡排队',
    });
  });
  afterAll(async () => {
    await t.close();
    await translator.stop();
  });

  it('matches a Latin word outside the glossary through its translation, asking the service once', async () => {
    expect((await search('yard')).body.list.map((s: { projectName: string }) => s.projectName)).toEqual([
      '港口堆场调度',
    ]);
    expect((await search('Yard')).body.totalCount).toBe(1);
    expect(translator.requests).toEqual(['yard|en|zh-CN']);
  });

  it('never asks the service for glossary words or Chinese terms', async () => {
    await search('logistics 堆场');
    expect(translator.requests.filter((r) => !r.startsWith('yard'))).toEqual([]);
  });

  it('searches without the translation when the service fails or takes more than 2 s', async () => {
    const started = Date.now();
    expect((await search('slowword')).body.totalCount).toBe(0);
    expect(Date.now() - started).toBeLessThan(2900);
    expect((await search('brokenword')).body.totalCount).toBe(0);
    // A failure is remembered for a while rather than costing every search 2 s.
    const again = Date.now();
    await search('slowword');
    expect(Date.now() - again).toBeLessThan(500);
  });
});
