import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { Role } from '@think-tank/contracts';

/** Search's `categories` (contract §11): comma-separated industry keys of the library; they filter. */
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
