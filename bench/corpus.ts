/**
 * A deterministic synthetic library for benchmarks: words drawn from a Zipf distribution over 5,000 Chinese
 * business terms and 500 Latin ones, so that common terms match a large share of the library as in real text.
 * The most frequent Latin words are real English business words (ERP, CRM, AI, cloud, supply chain…), several of
 * them in the search glossary, so that the bench meets what English queries meet: a common word with a translation.
 */

/** Real English words, most frequent first; the rest of the Latin vocabulary is random letters. */
export const ENGLISH_WORDS = [
  'erp',
  'crm',
  'ai',
  'data',
  'cloud',
  'iot',
  'saas',
  'api',
  'supply',
  'chain',
  'platform',
  'analytics',
  'dashboard',
  'automation',
  'digital',
  'smart',
  'mobile',
  'retail',
  'logistics',
  'finance',
  'risk',
  'customer',
  'service',
  'order',
  'inventory',
  'forecast',
  'model',
  'machine',
  'learning',
  'quality',
  'energy',
  'security',
  'payment',
  'marketing',
  'sales',
  'factory',
  'warehouse',
  'delivery',
  'sensor',
  'device',
  'workflow',
  'report',
  'integration',
  'compliance',
  'insurance',
  'banking',
  'hospital',
  'education',
  'agriculture',
  'transport',
];

/** Characters common in Chinese business writing; terms are built from them. */
const CHARS = Array.from(
  '智能制造质检仓储物流供应链管理系统平台数据分析预测优化调度运营营销会员客户服务零售门店订单库存采购生产设备维护能源电力光伏碳排放金融风控信贷保险' +
    '支付结算审计合规医疗医院患者诊断影像药品教育学生课程培训农业种植养殖灌溉溯源建筑施工安全监测预警城市交通政务园区酒店餐饮旅游文化' +
    '内容平台算法模型视觉识别语音文本推荐搜索知识图谱自动化机器人无人机传感器网关边缘计算云端存储接口集成协同流程审批报表看板可视化指标' +
    '成本效率质量产能交付周期计划排程路径配送运输冷链港口车辆司机调度中心客服工单售后评价口碑品牌渠道电商直播社区用户画像标签分层增长留存' +
    '转化活跃价格促销折扣积分权益合同发票税务财务预算资金资产负债利润收入现金流投资并购战略组织人才招聘绩效薪酬考勤办公会议项目需求方案' +
    '设计开发测试上线迭代版本架构微服务容器部署监控告警日志追踪故障恢复备份容灾加密认证权限隐私脱敏治理标准规范体系评估诊断咨询规划实施',
);

/** A small seeded generator, so that every run builds the same library. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Vocabulary {
  chinese: string[];
  latin: string[];
  /** Cumulative Zipf weights over chinese then latin, for sampling by rank. */
  cumulative: Float64Array;
  words: string[];
}

export function buildVocabulary(chineseCount = 5000, latinCount = 500, seed = 7): Vocabulary {
  const random = rng(seed);
  const chinese = new Set<string>();
  while (chinese.size < chineseCount) {
    const length = 2 + Math.floor(random() * 3);
    chinese.add(Array.from({ length }, () => CHARS[Math.floor(random() * CHARS.length)]).join(''));
  }
  const latin = new Set<string>(ENGLISH_WORDS);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  while (latin.size < latinCount) {
    const length = 4 + Math.floor(random() * 6);
    latin.add(Array.from({ length }, () => letters[Math.floor(random() * 26)]).join(''));
  }
  // Interleave, so Latin words appear at every frequency (1 in 11 ranks), then weight rank r by 1/r.
  const zh = [...chinese];
  const en = [...latin];
  const words: string[] = [];
  while (zh.length || en.length) {
    for (let i = 0; i < 10 && zh.length; i++) words.push(zh.shift()!);
    if (en.length) words.push(en.shift()!);
  }
  const cumulative = new Float64Array(words.length);
  let total = 0;
  for (let r = 0; r < words.length; r++) cumulative[r] = total += 1 / (r + 1);
  return { chinese: [...chinese], latin: [...latin], cumulative, words };
}

function sampleWord(v: Vocabulary, random: () => number): string {
  const target = random() * v.cumulative[v.cumulative.length - 1];
  let lo = 0;
  let hi = v.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.cumulative[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return v.words[lo];
}

const PUNCTUATION = ['，', '、', '。', '；', ' '];

/** Text of about `length` characters: sampled words, with Latin ones set apart by spaces. */
export function sampleText(v: Vocabulary, random: () => number, length: number): string {
  let text = '';
  while (text.length < length) {
    const word = sampleWord(v, random);
    text += /[a-z]/.test(word) ? ` ${word} ` : word;
    if (random() < 0.25) text += PUNCTUATION[Math.floor(random() * PUNCTUATION.length)];
  }
  return text.trim();
}
