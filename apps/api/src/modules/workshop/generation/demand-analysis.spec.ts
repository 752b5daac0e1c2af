import { industriesOf, keyPhrases, matchModules, rankModules } from './demand-analysis';
import { occurs, prepare, wordBoundaries } from './demand-text';
import { industriesByExample } from './industry-examples';

const ids = (text: string) => rankModules(text).map((r) => r.module.id);
import { MODULE_CATALOGUE, MODULE_CATALOGUE_EN, UNITS_EN } from './generator-data';

describe('the built-in generator’s reading of a demand', () => {
  const inspection =
    '冲压件与焊点的人工目检漏检率高，夜班质量波动大。需要在不降低节拍的前提下实现在线全检，缺陷图像回传质量系统并与批次号关联，实现追溯。';

  it('has a catalogue of at least 60 modules, each with names, an intro, keywords and measurable metrics', () => {
    expect(MODULE_CATALOGUE.length).toBeGreaterThanOrEqual(60);
    expect(new Set(MODULE_CATALOGUE.map((m) => m.id)).size).toBe(MODULE_CATALOGUE.length);
    for (const m of MODULE_CATALOGUE) {
      expect(m.name && m.nameEn && m.intro).toBeTruthy();
      expect(m.keywords.length).toBeGreaterThan(0);
      expect(m.keywords.every((k) => k === k.toLowerCase())).toBe(true);
      expect(m.metrics.length).toBeGreaterThan(0);
      for (const metric of m.metrics) expect(metric.target && metric.unit).toBeTruthy();
    }
  });

  it('has every module in English too: intro, metric names and units', () => {
    for (const m of MODULE_CATALOGUE) {
      const en = MODULE_CATALOGUE_EN[m.id];
      expect([m.id, Boolean(en?.intro), en?.metrics.length]).toEqual([m.id, true, m.metrics.length]);
      expect(en.intro).not.toMatch(/[\u4e00-\u9fff]/);
      for (const x of m.metrics)
        expect([x.unit, /^[\x20-\x7e]+$/.test(x.unit) || x.unit in UNITS_EN]).toEqual([x.unit, true]);
    }
  });

  it('extracts the demand’s meaningful words, most frequent first, without filler words', () => {
    const phrases = keyPhrases(inspection);
    expect(phrases[0]).toBe('质量');
    expect(phrases).toEqual(expect.arrayContaining(['缺陷', '节拍', '夜班']));
    expect(phrases).not.toContain('需要');
    expect(phrases).not.toContain('实现');
  });

  it('suggests the modules the demand is about, best first', () => {
    const suggested = ids(inspection);
    expect(suggested[0]).toBe('visual-inspection');
    expect(['visual-inspection', 'quality-spc', 'mes']).toEqual(expect.arrayContaining(suggested));
    expect(ids('冷链运输途中温度波动大，生鲜货损严重')[0]).toBe('cold-chain-monitoring');
    expect(ids('An anti-fraud engine for card payments at our bank')).toContain('anti-fraud');
  });

  it('asks more than one passing word for a module after the best match', () => {
    // 交期 in passing: neither scheduling nor supplier collaboration; the breakdowns are what it is about.
    expect(ids('注塑机经常故障停机，交期受影响。')).toEqual(['predictive-maintenance']);
    // Said with capacity and scheduling, it asks for scheduling too.
    expect(ids('注塑机经常故障停机，交期受影响，希望按产能排产。').sort()).toEqual([
      'aps',
      'predictive-maintenance',
    ]);
    // After the best match, a module needs two of its keywords: 毛利 in a menu review is not a pricing need.
    expect(ids('连锁火锅店，想分析每道菜品的销量和毛利，把卖得差的菜下架，推出新品。')).toEqual([
      'menu-analytics',
    ]);
    // The best of the demand's own field needs two of its words only: a kindergarten's app is a campus's.
    expect(
      ids(
        '幼儿园集团有40家园，家长最关心孩子在园的情况，老师每天拍照发群很累。希望做家园共育小程序，接送考勤、成长记录、通知都在上面。',
      ),
    ).toEqual(['mobile-app', 'campus-management']);
  });

  it('suggests nothing when nothing matches, and says when nothing of the demand’s own industry does', () => {
    expect(matchModules('嗯嗯啊啊')).toEqual({ modules: [], industries: [], missed: true });
    // A clinic that asks only for what any business might: general modules, and no hospital module to offer.
    const general = matchModules('我们诊所的合同散落在财务和后勤手里，续签常漏，希望合同统一管理。');
    expect(general).toMatchObject({ industries: ['healthcare'], missed: true });
    expect(general.modules.map((r) => r.module.id)).toEqual(['contract-management']);
    // What any business asks, of no industry: general modules, nothing missed.
    expect(matchModules('员工离职率高，想分析离职原因')).toMatchObject({ industries: [], missed: false });
  });

  it('takes the industry of the labelled demands most like one that names none, when they agree on it', () => {
    // No industry word in either; their nearest labelled demands are a restaurant's and a school's.
    for (const [text, industry, module] of [
      ['Guests wait for tables at lunch and many leave before ordering.', 'catering', 'smart-ordering'],
      ['孩子们的作业每天要批改到半夜。', 'education', 'homework-grading'],
    ]) {
      expect(industriesOf(prepare(text))).toEqual([]);
      expect(industriesByExample(text)).toEqual([industry]);
      expect(matchModules(text)).toMatchObject({ industries: [industry], missed: false });
      expect(ids(text)).toContain(module);
    }
    // What any business asks is like other demands of no industry: none is taken.
    expect(industriesByExample('公司报销要找五个人签字，出差回来一个月才能拿到钱。')).toEqual([]);
    expect(
      industriesByExample('Our finance team retypes supplier invoices into the ERP every month.'),
    ).toEqual([]);
    // A named industry is the demand's own whatever its neighbours are.
    expect(matchModules('Our bank: guests wait for tables at lunch.').industries).toEqual(['finance']);
  });

  it('never lets the words a business describes itself with ask for a module alone', () => {
    // 家电客户 and 销售额 describe a paint line's business: no CRM; its defects ask for inspection.
    const paintLine = ids(
      '公司员工1200人，主要给家电客户做钣金件，销售额去年增长了15%。喷涂线色差和颗粒多，希望在线检出喷涂缺陷。',
    );
    expect(paintLine).toContain('visual-inspection');
    expect(paintLine).not.toContain('crm');
    // The same words beside one that asks (跟进): a CRM.
    expect(ids('销售一离职客户就跟着走了，希望统一管理客户和商机跟进。')).toContain('crm');
    // A tobacco-and-liquor shop (烟酒店) is not a hotel, a consulting firm (咨询公司) not a customer's inquiry.
    expect(
      matchModules('我们做酒类批发，下游有3000家烟酒店，业务员拜访靠纸质记录。').industries,
    ).not.toContain('tourism');
    expect(ids('我们是一家咨询公司，项目报告散落在个人电脑里，希望建一个能搜索的知识库。')).not.toContain(
      'customer-service-bot',
    );
  });

  it('leaves out what a demand says it has or does not want', () => {
    const dies = ids(
      'ERP和CRM去年都上了，这次不考虑。现在的问题是模具到寿命没换导致批量不良，希望按冲次自动预警模具保养。',
    );
    expect(dies).toContain('predictive-maintenance');
    expect(dies).not.toContain('crm');
    // 不动产 is real estate, not "leave alone".
    expect(ids('希望不动产登记和社保在一网通办一次办成')).toContain('one-stop-service');
    const tickets = matchModules(
      'Ticketing comes from our OTA partners and stays as it is. The scenic area wants a live crowd heat map.',
    );
    expect(tickets.industries).toEqual(['tourism']);
    expect(tickets.modules.map((r) => r.module.id)).toEqual(['visitor-flow']);
    // The industry stays the demand's even when its clause is left out.
    expect(matchModules('我们医院的HIS系统已经有了，这次不考虑。').industries).toEqual(['healthcare']);
  });

  it('reads English as itself: whole words and phrases, plurals, hyphens as spaces', () => {
    expect(
      ids('Our convenience stores run out of fresh food; we want automated re-order suggestions.'),
    ).toEqual(expect.arrayContaining(['auto-replenishment']));
    // "chain" and "delivery" name no industry: a chain of clinics is not a retailer, delivery apps no route planner.
    expect(
      ids('A chain of diabetes clinics wants remote glucose monitoring and follow-up reminders'),
    ).not.toContain('store-operations');
    expect(ids('Coffee shops losing customers to delivery apps want mobile pre-ordering')).not.toContain(
      'route-optimization',
    );
    // A word is matched whole: "pest" is not in "Budapest".
    expect(ids('Our Budapest office wants a dashboard')).not.toContain('pest-detection');
  });

  it('finds an English term in its inflections, and not inside a phrase that means something else', () => {
    const found = (text: string, term: string) => {
      const prepared = prepare(text);
      return occurs(prepared, term, wordBoundaries(prepared));
    };
    expect(found('Sales are forecasted by hand', 'forecast')).toBe(true);
    expect(found('Forecasting takes a week', 'forecast')).toBe(true);
    expect(found('Scheduling the night shift', 'schedule')).toBe(true);
    expect(found('Deliveries arrive late', 'delivery')).toBe(true);
    // Short abbreviations take a plural only: "app" is not in "apple".
    expect(found('Apple growers', 'app')).toBe(false);
    expect(found('Our apps crash', 'app')).toBe(true);
    // A contract manufacturer does not ask about its contracts; a renewal of contracts does.
    expect(found('Medical device contract manufacturer', 'contract')).toBe(false);
    expect(found('Contracts expire without anyone noticing', 'contract')).toBe(true);
  });

  it('quotes the words that made a module relevant, in the demand’s own language', () => {
    expect(rankModules('冷链运输途中温度波动大，生鲜货损严重')[0].because).toEqual(
      expect.arrayContaining(['冷链']),
    );
    const english = rankModules('Our hospital keeps running out of beds; nurse shifts are planned by hand.');
    expect(english[0].module.id).toBe('hospital-operations');
    // Quoted as the catalogue's English keyword found in it, whole ("nurse shifts" is a plural of "nurse shift").
    expect(english[0].because).toEqual(expect.arrayContaining(['nurse shift', 'hospital']));
  });
});
