import { Role } from '@think-tank/contracts';
import { MISSES_A_DAY } from '../src/modules/solutions/search-misses.repository';
import { isFunctionWord } from '../src/modules/solutions/search-words';
import { createSolution, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/** Contract §12 "Search reads plain Chinese": a sentence that matches nothing as written, read as its words. */
describe('search by words', () => {
  let t: TestApp;
  const search = (query: string, extra: Record<string, string> = {}) =>
    t.http
      .get('/api/solutions/search')
      .query({ query, pageSize: 20, ...extra })
      .expect(200);
  const names = (body: { list: { projectName: string }[] }) => body.list.map((s) => s.projectName);

  beforeAll(async () => {
    t = await startTestApp();
    await createSolution(t, {
      projectName: '产线 AI 视觉质检',
      projectRequirements: '人工目检漏检率高，质检效率低',
      projectRequirementsDetails: '工业相机与边缘推理',
    });
    await createSolution(t, {
      projectName: '设备预测性维护',
      projectRequirements: '设备突发故障停线，提前预警',
      projectRequirementsDetails: '振动与温度数据建模',
    });
    await createSolution(t, {
      projectName: '质检报告管理',
      projectRequirements: '纸质报告归档慢',
      projectRequirementsDetails: '电子签章',
    });
    await createSolution(t, {
      projectName: '门店智能补货',
      projectRequirements: '人工订货凭经验，缺货与积压并存',
      projectRequirementsDetails: '销量预测',
    });
    await createSolution(t, {
      projectName: '仓储人员排班',
      projectRequirements: '人工排班耗时',
      projectRequirementsDetails: '质检岗位轮班',
    });
  });
  afterAll(() => t.close());

  it('reads a sentence that matches nothing as written by its words, none of them a function word', async () => {
    const res = await search('质检靠人工看太慢了');
    expect(res.body).toMatchObject({ matchedBy: 'words', sort: 'relevance' });
    expect(res.body.words).toEqual(['质检', '人工']);
    expect(res.body.words.some(isFunctionWord)).toBe(false);
    // Both words first, the name holding 质检 before the details; then one of two, by the words' weight.
    expect(names(res.body).slice(0, 2)).toEqual(['产线 AI 视觉质检', '仓储人员排班']);
    expect(names(res.body)).toContain('质检报告管理');
    const three = await search('质检人工排班太乱');
    expect(three.body.words).toEqual(['质检', '人工', '排班']);
    // All three, then two of three; one of three is fewer than half, not listed.
    expect(names(three.body)).toEqual(['仓储人员排班', '产线 AI 视觉质检']);
    expect(res.body.totalCount).toBe(res.body.list.length);
  });

  it('puts a solution holding all the words before one holding most, and the name before the rest', async () => {
    const all = await search('门店老是缺货怎么办');
    expect(all.body.words).toEqual(['门店', '缺货']);
    expect(names(all.body)).toEqual(['门店智能补货']);
    const maintenance = await search('设备老是坏怎么提前知道');
    expect(maintenance.body.words).toEqual(['设备', '提前']);
    expect(names(maintenance.body)).toEqual(['设备预测性维护']);
    // 质检 in the name weighs twice what it does in the details.
    const named = await search('质检岗位太少');
    expect(named.body.matchedBy).toBe('words');
    expect(names(named.body).indexOf('仓储人员排班')).toBe(0);
  });

  it('keeps §4 for terms that occur as written: phrases, Latin words and the glossary', async () => {
    const phrase = await search('提前预警');
    expect(phrase.body).toMatchObject({ matchedBy: 'terms', totalCount: 1 });
    expect(phrase.body.words).toBeUndefined();
    expect((await search('AI 质检')).body).toMatchObject({ matchedBy: 'terms', totalCount: 1 });
    // Each term occurs, only never together: nothing, and no words path.
    expect((await search('补货 振动')).body).toMatchObject({ matchedBy: 'terms', totalCount: 0 });
    expect((await search('warehouse')).body.matchedBy).toBe('terms');
  });

  it('records what found nothing or only words, per day and without the user, and lists it for support', async () => {
    const support = await insertUser(t, Role.Support);
    // No word of it is one the library knows: nothing at all.
    expect((await search('火箭发射场怎么选址')).body).toMatchObject({
      matchedBy: 'words',
      totalCount: 0,
      words: [],
    });
    await search('火箭发射场怎么选址');
    await search('质检靠人工看太慢了');
    await search('提前预警');
    await waitFor(async () => {
      const rows = await t.db.query(`SELECT query, kind, count FROM search_misses ORDER BY query`);
      return rows.some((r: { count: number }) => r.count === 2);
    });
    const listed = await t.http.get('/api/admin/solutions/search-misses').set(support.auth).expect(200);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ query: '火箭发射场怎么选址', count: 2, days: 1, kind: 'none' }),
        expect.objectContaining({ query: '质检靠人工看太慢了', kind: 'words' }),
      ]),
    );
    expect(listed.body.map((m: { query: string }) => m.query)).not.toContain('提前预警');
    await t.http.get('/api/admin/solutions/search-misses').expect(401);
    await t.http.get('/api/admin/solutions/search-misses?days=91').set(support.auth).expect(400);
  });

  it('counts every one of many concurrent searches for one sentence', async () => {
    await t.db.query(`DELETE FROM search_misses WHERE query = '设备老是坏怎么提前知道'`);
    await Promise.all(Array.from({ length: 30 }, () => search('设备老是坏怎么提前知道')));
    await waitFor(async () => {
      const [row] = await t.db.query(`SELECT count FROM search_misses WHERE query = '设备老是坏怎么提前知道'`);
      return row?.count === 30;
    });
  });

  it('keeps at most 10,000 new queries a day and cuts each to 100 characters', async () => {
    await t.db.query(`DELETE FROM search_misses`);
    await t.db.query(
      `INSERT INTO search_misses (day, query, kind) SELECT (now() AT TIME ZONE 'Asia/Shanghai')::date, 'q' || i, 'none'
         FROM generate_series(1, ${MISSES_A_DAY}) i`,
    );
    await search('第一万零一个没人找到的问题');
    await search('q7');
    await waitFor(async () => {
      const [row] = await t.db.query(`SELECT count FROM search_misses WHERE query = 'q7'`);
      return row.count === 2;
    });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM search_misses`);
    expect(n).toBe(MISSES_A_DAY);
    await t.db.query(`DELETE FROM search_misses`);
    await search(`${'没有'.repeat(60)}`);
    await waitFor(async () => (await t.db.query(`SELECT query FROM search_misses`)).length === 1);
    const [{ query }] = await t.db.query(`SELECT query FROM search_misses`);
    expect(Array.from(query as string)).toHaveLength(100);
  });
});
