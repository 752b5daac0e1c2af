/**
 * The numbers a demand states about itself — "损耗率从8%降到4%", "车辆利用率不足60%", "spoilage from 8% to 4%" —
 * as metrics with today's value and the target. The built-in generator quotes these before any catalogue metric:
 * a user's own baseline and goal are what a deliverable is judged by.
 */
export interface StatedMetric {
  name: string;
  current?: string;
  target?: string;
  unit: string;
}

const UNIT = '(%|个百分点|百分点|倍|天|小时|分钟|秒|元|万元|亿元|次|个|件|吨|公里|人|days?|hours?|minutes?)';
const NUM = '(\\d+(?:\\.\\d+)?)';
/** A metric's name: the Chinese (or Latin) words right before its number, after the filler words are cut. */
const NAME = '([\\u4e00-\\u9fa5A-Za-z]{2,8}?)';
const FILLER =
  /^(?:希望|目标|要求|计划|力争|争取|期望|并且|并|把|将|使|让|和|与|及|同时|其中|目前|现在|当前|平均|整体)+/;
/** A sentence that states goals rather than today's facts. */
const GOAL_SENTENCE = /希望|目标|要求|力争|争取|计划|期望|达到|提升到|降到|want|aim|target|goal|should/i;

const PATTERNS: { re: RegExp; read: (m: RegExpMatchArray, goal: boolean) => StatedMetric }[] = [
  {
    // 损耗率从8%降到4%; 周转天数由40天缩短至30天
    re: new RegExp(
      `${NAME}(?:从|由)${NUM}${UNIT}?(?:[降减缩提增][低少短升高加]?)?(?:到|至)${NUM}${UNIT}`,
      'g',
    ),
    read: (m) => ({ name: m[1], current: m[2], target: m[4], unit: m[5] }),
  },
  {
    // 停机时间减少30%; 复购率提升15%
    re: new RegExp(`${NAME}(下降|降低|减少|缩短|提升|提高|增加|增长)${NUM}${UNIT}`, 'g'),
    read: (m) => ({
      name: `${m[1]}${/下降|降低|减少|缩短/.test(m[2]) ? '下降' : '提升'}`,
      target: m[3],
      unit: m[4],
    }),
  },
  {
    // 车辆利用率提升到80%; 准时率达到97%
    re: new RegExp(
      `${NAME}(?:提升|提高|降低|下降|减少|缩短|增加|降|升)?(?:到|至|达到|控制在)${NUM}${UNIT}`,
      'g',
    ),
    read: (m) => ({ name: m[1], target: m[2], unit: m[3] }),
  },
  {
    // 车辆利用率不足60%; 复购率只有18%; 产销差率28%
    re: new RegExp(`${NAME}(?:只有|仅有|仅|不足|不到|低于|高于|超过|约为|约|为|是|在)?${NUM}${UNIT}`, 'g'),
    read: (m, goal) =>
      goal ? { name: m[1], target: m[2], unit: m[3] } : { name: m[1], current: m[2], unit: m[3] },
  },
  {
    // spoilage from 8% to 4%
    re: /((?:[a-z]{1,20} ){0,2}[a-z]{1,20}) from (\d+(?:\.\d+)?) ?(%|days?|hours?|minutes?)? to (\d+(?:\.\d+)?) ?(%|days?|hours?|minutes?)/gi,
    read: (m) => ({ name: m[1].trim(), current: m[2], target: m[4], unit: m[5] }),
  },
];

const ENGLISH_FILLER = /^(?:(?:we|want|to|cut|reduce|raise|increase|improve|lower|the|our|and)\s+)+/i;
const clean = (name: string) => name.replace(FILLER, '').replace(ENGLISH_FILLER, '');

/** The metrics a demand states, in the order it states them; the same metric's value and goal become one. */
export function statedMetrics(text: string): StatedMetric[] {
  const found: StatedMetric[] = [];
  for (const sentence of text.normalize('NFKC').split(/[。；;！!？?\n]|，(?=希望|目标|要求)/)) {
    const goal = GOAL_SENTENCE.test(sentence);
    const taken: [number, number][] = [];
    for (const { re, read } of PATTERNS)
      for (const m of sentence.matchAll(re)) {
        const start = m.index!;
        const end = start + m[0].length;
        // A span an earlier (more specific) pattern read is not read again.
        if (taken.some(([a, b]) => start < b && end > a)) continue;
        taken.push([start, end]);
        const metric = read(m, goal);
        const name = clean(metric.name);
        if (name.length >= 2) found.push({ ...metric, name });
      }
  }
  // "生鲜损耗率8%" and, later, "损耗率降到4%" are one metric: merged under the shorter name.
  const merged: StatedMetric[] = [];
  for (const metric of found) {
    const same = merged.find(
      (m) => m.unit === metric.unit && (m.name.endsWith(metric.name) || metric.name.endsWith(m.name)),
    );
    if (!same) merged.push({ ...metric });
    else {
      if (metric.name.length < same.name.length) same.name = metric.name;
      same.current ??= metric.current;
      same.target ??= metric.target;
    }
  }
  return merged.slice(0, 6);
}
