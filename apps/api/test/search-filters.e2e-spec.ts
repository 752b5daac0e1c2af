import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { Role } from '@think-tank/contracts';

/** Search's `categories` (contract §11: comma-separated industry keys of the library; they filter) and `sort`. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const search = (q: string) => t.http.get(`/api/solutions/search?${q}`);
const names = (body: { list: { projectName: string }[] }) => body.list.map((s) => s.projectName);

describe('GET /api/solutions/search?categories=', () => {
  it('answers only the solutions of the industries named, for a query and for a blank one, newest first', async () => {
    const mark = `冷链${Date.now().toString(36)}`;
    const a = await createSolution(t, { projectName: `${mark} 零售甲`, industry: 'retail' });
    const b = await createSolution(t, { projectName: `${mark} 物流乙`, industry: 'logistics' });
    const c = await createSolution(t, { projectName: `${mark} 零售丙`, industry: 'retail' });
    await createSolution(t, { projectName: `${mark} 无行业` });

    expect(names((await search(`query=${encodeURIComponent(mark)}`).expect(200)).body)).toHaveLength(4);
    const retail = (await search(`query=${encodeURIComponent(mark)}&categories=retail`).expect(200)).body;
    expect(retail).toMatchObject({ totalCount: 2 });
    expect(names(retail)).toEqual([c.projectName, a.projectName]);
    const two = (
      await search(`query=${encodeURIComponent(mark)}&categories=logistics,retail,retail`).expect(200)
    ).body;
    expect(names(two)).toEqual([c.projectName, b.projectName, a.projectName]);
    // A blank query lists a category's solutions, newest first; an empty parameter is an absent one.
    const all = (await search('query=&categories=logistics').expect(200)).body;
    expect(names(all)[0]).toBe(b.projectName);
    expect(all.list.length).toBe(all.totalCount);
    expect((await search('query=&categories=').expect(200)).body.totalCount).toBeGreaterThanOrEqual(4);
  });

  it('refuses a key that is not the library’s (400), and takes the industry from the editor', async () => {
    for (const q of ['categories=retail,cooking', 'categories=other', `categories=${'retail,'.repeat(20)}x`])
      expect((await search(q)).status).toBe(400);
    const admin = await insertUser(t, Role.Admin);
    const created = await t.http
      .post('/api/admin/solutions')
      .set(admin.auth)
      .send({
        projectName: '能源分类方案',
        projectRequirements: '光伏运维',
        projectRequirementsDetails: '组串分析',
        html: '<h1>能源</h1>',
        industry: 'energy',
      })
      .expect(201);
    expect(created.body.industry).toBe('energy');
    // The editor opens it with its document and industry (staff only; 404 for none).
    const opened = await t.http.get(`/api/admin/solutions/${created.body._id}`).set(admin.auth).expect(200);
    expect(opened.body).toMatchObject({
      industry: 'energy',
      html: '<h1>能源</h1>',
      projectName: '能源分类方案',
    });
    await t.http.get('/api/admin/solutions/00000000-0000-4000-8000-000000000000').set(admin.auth).expect(404);
    await t.http
      .get(`/api/admin/solutions/${created.body._id}`)
      .set((await insertUser(t)).auth)
      .expect(403);
    // An edit that leaves the industry out keeps it; null clears it.
    const edit = {
      projectName: '能源分类方案',
      projectRequirements: '光伏运维',
      projectRequirementsDetails: '组串分析',
      html: '<h1>能源</h1>',
    };
    await t.http.put(`/api/admin/solutions/${created.body._id}`).set(admin.auth).send(edit).expect(200);
    expect((await t.http.get(`/api/admin/solutions/${created.body._id}`).set(admin.auth)).body.industry).toBe(
      'energy',
    );
    expect(
      names((await search('query=%E8%83%BD%E6%BA%90%E5%88%86%E7%B1%BB&categories=energy').expect(200)).body),
    ).toEqual(['能源分类方案']);
    await t.http
      .post('/api/admin/solutions')
      .set(admin.auth)
      .send({
        projectName: 'x',
        projectRequirements: 'y',
        projectRequirementsDetails: '',
        html: '<p>z</p>',
        industry: 'cooking',
      })
      .expect(400);
  });
});

describe('GET /api/solutions/search?sort=', () => {
  const ids = (body: { list: { _id: string }[] }) => body.list.map((s) => s._id);

  it('relevance: the name first, then the requirements, then the details, each newest first; paged so', async () => {
    const m = `沙盘${Date.now().toString(36)}`;
    const inName = await createSolution(t, { projectName: `${m} 方案` });
    const inRequirements = await createSolution(t, { projectRequirements: `需要${m}` });
    const inDetails = await createSolution(t, { projectRequirementsDetails: `附带${m}` });
    const inNameToo = await createSolution(t, { projectName: `旧${m}`, projectRequirementsDetails: m });
    const inBoth = await createSolution(t, { projectName: m, projectRequirements: m });
    const q = `query=${encodeURIComponent(m)}&pageSize=50`;

    const newest = (await search(q).expect(200)).body;
    expect(newest.sort).toBe('newest');
    expect(ids(newest)).toEqual([inBoth, inNameToo, inDetails, inRequirements, inName].map((s) => s.id));
    const relevant = (await search(`${q}&sort=relevance`).expect(200)).body;
    expect(relevant).toMatchObject({ sort: 'relevance', totalCount: 5 });
    expect(ids(relevant)).toEqual([inBoth, inNameToo, inName, inRequirements, inDetails].map((s) => s.id));
    // Pages continue the same order.
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) =>
        ids((await search(`query=${encodeURIComponent(m)}&sort=relevance&pageSize=2&page=${page}`)).body),
      ),
    );
    expect(pages.flat()).toEqual(ids(relevant));
  });

  it('sums the terms (a Latin one by its best alternative) and keeps the industry filter', async () => {
    const m = `盘点${Date.now().toString(36)}`;
    const both = await createSolution(t, {
      projectName: `${m} 门店`,
      projectRequirements: '人工智能',
      industry: 'retail',
    });
    const one = await createSolution(t, { projectName: `${m} 人工智能`, industry: 'retail' });
    const other = await createSolution(t, { projectName: `${m} 人工智能`, industry: 'finance' });
    // `ai` stands for 人工智能 (glossary): in the name for two, in the requirements for one.
    const q = `query=${encodeURIComponent(`${m} ai`)}&sort=relevance`;
    expect(ids((await search(q).expect(200)).body)).toEqual([other.id, one.id, both.id]);
    expect(ids((await search(`${q}&categories=retail`).expect(200)).body)).toEqual([one.id, both.id]);
  });

  it('a blank query stays newest first; an unknown order is 400 and an empty one absent', async () => {
    const blank = (await search('query=&sort=relevance&pageSize=50').expect(200)).body;
    expect(blank.sort).toBe('newest');
    expect(ids(blank)).toEqual(ids((await search('pageSize=50').expect(200)).body));
    expect((await search('sort=').expect(200)).body.sort).toBe('newest');
    for (const bad of ['sort=oldest', 'sort=relevance,newest', 'sort[]=relevance'])
      expect((await search(`query=x&${bad}`)).body.code).toBe('VALIDATION_FAILED');
  });
});
