import type { DemandModule, Language, Stage } from '@think-tank/contracts';

/** Everything the built-in generator writes around the demand's own words, in each output language. */
export interface Wording {
  focus: Record<Stage, { title: string; verb: string }>;
  listSeparator: string;
  noKeywords: string;
  summary: (title: string, topic: string, content: string, keyValuePoints: string) => string;
  goal: (verb: string) => string;
  carriedOver: (stage: string, summary: string) => string;
  keptModules: (names: string[]) => string;
  combination: (modules: DemandModule[]) => string;
  /** Nothing of the catalogue fits: the demand's topic and industries (none: any). */
  noModule: (topic: string, industries: string[]) => string;
  userAdds: (text: string) => string;
  /** The answers to registration's questions the output took into account, quoted. */
  answersUsed: (answers: { topic: string; answer: string }[]) => string;
  today: (name: string) => string;
  target: (name: string) => string;
  keyValueMetric: { name: string; explanation: (points: string) => string };
  launched: (name: string) => string;
  signedOff: string;
  deliveredIn: (title: string) => string;
  overviewLine: (m: DemandModule) => string;
  showcaseStep: (index: number, m: DemandModule) => string;
  reason: (words: string[]) => string;
  preparation: {
    collection: string;
    format: string;
    processing: string;
    transactional: string;
    topSecret: string;
    mechanism: string;
  };
}

export const WORDING: Record<Language, Wording> = {
  zh: {
    focus: {
      Startup: { title: '需求设计', verb: '明确问题、目标与衡量方式' },
      Preparation: { title: '产品化', verb: '把方案拆成可交付的产品模块与数据设计' },
      Opening: { title: '产品实现', verb: '完成模块实现、联调与上线验证' },
      Operation: { title: '应用场景', verb: '在真实业务场景中运行并持续度量' },
      Expansion: { title: '机制化与价值深化', verb: '把有效做法沉淀为机制并扩展到更多业务' },
    },
    listSeparator: '、',
    noKeywords: '（未识别出关键词）',
    summary: (title, topic, content, points) => `【${title}】围绕“${topic}”：${content}关键价值点：${points}`,
    goal: (verb) => `本阶段目标是${verb}。`,
    carriedOver: (stage, summary) => `承接上一阶段（${stage}）的结论：${summary}`,
    keptModules: (names) => `沿用已选模块：${names.join('、')}。`,
    combination: (ms) =>
      `建议组合 ${ms.length} 个模块：${ms.map((m) => `${m.name}（${m.intro}）`).join('；')}。`,
    noModule: (topic, industries) =>
      `模块目录中没有与“${topic}”匹配的${industries.length ? `${industries.join('、')}行业` : ''}模块：可在编辑中添加自定义模块，或请顾问补充。`,
    userAdds: (text) => `用户补充：${text}`,
    answersUsed: (answers) => `已参考您的回答：${answers.map((a) => `${a.topic}：${a.answer}`).join('；')}。`,
    today: (name) => `${name}（现状）`,
    target: (name) => `${name}（目标）`,
    keyValueMetric: { name: '关键价值点达成度', explanation: (p) => `以“${p}”为验收口径逐项核对` },
    launched: (name) => `${name}上线`,
    signedOff: '业务方签字确认',
    deliveredIn: (title) => `${title}阶段交付`,
    overviewLine: (m) => `${m.name}：${m.intro}`,
    showcaseStep: (i, m) => `第${i + 1}步 实现「${m.name}」，以 ${m.metrics[0]?.name ?? '业务指标'} 验收`,
    reason: (words) => `因为需求提到${words.map((w) => `“${w}”`).join('')}`,
    preparation: {
      collection: '数据采集：',
      format: '现有数据格式：',
      processing: '数据处理要求：',
      transactional: '采用事务化设计，关键操作保证一致性与可回滚。',
      topSecret: '按绝密级处理：数据不出域，访问全程留痕。',
      mechanism: '加入机制学习设计：运行数据反哺规则与模型。',
    },
  },
  en: {
    focus: {
      Startup: {
        title: 'Requirements design',
        verb: 'pin down the problem, the goals and how they are measured',
      },
      Preparation: {
        title: 'Productisation',
        verb: 'break the solution into deliverable modules and a data design',
      },
      Opening: { title: 'Implementation', verb: 'build, integrate and launch the modules' },
      Operation: { title: 'Operation', verb: 'run them in real business and measure them continuously' },
      Expansion: {
        title: 'Expansion',
        verb: 'turn what works into routine and extend it to more of the business',
      },
    },
    listSeparator: ', ',
    noKeywords: '(no key words found)',
    summary: (title, topic, content, points) =>
      `[${title}] About “${topic}”: ${content} Key value points: ${points}`,
    goal: (verb) => `This stage is to ${verb}.`,
    carriedOver: (stage, summary) => `Building on the previous stage (${stage}): ${summary}`,
    keptModules: (names) => `Keeping the selected modules: ${names.join(', ')}.`,
    combination: (ms) =>
      `We suggest ${ms.length} module${ms.length === 1 ? '' : 's'}: ${ms.map((m) => `${m.name} (${m.intro})`).join('; ')}.`,
    noModule: (topic, industries) =>
      `No module of the catalogue matches “${topic}”${industries.length ? ` in ${industries.join(' or ')}` : ''}: add a custom module in edit mode, or ask a consultant.`,
    userAdds: (text) => `The user adds: ${text}`,
    answersUsed: (answers) =>
      `Taking your answers into account: ${answers.map((a) => `${a.topic}: ${a.answer}`).join('; ')}.`,
    today: (name) => `${name} (today)`,
    target: (name) => `${name} (target)`,
    keyValueMetric: {
      name: 'Key value points achieved',
      explanation: (p) => `Checked point by point against “${p}”`,
    },
    launched: (name) => `${name} live`,
    signedOff: 'Signed off by the business owner',
    deliveredIn: (title) => `Delivered in ${title}`,
    overviewLine: (m) => `${m.name}: ${m.intro}`,
    showcaseStep: (i, m) =>
      `Step ${i + 1}: build “${m.name}”, accepted on ${m.metrics[0]?.name ?? 'a business metric'}`,
    reason: (words) => `Because the demand mentions ${words.map((w) => `“${w}”`).join(', ')}`,
    preparation: {
      collection: 'Data collection: ',
      format: 'Data formats today: ',
      processing: 'Processing needs: ',
      transactional: 'Transactional design: key operations stay consistent and can be rolled back.',
      topSecret: 'Top secret: data stays on premises and every access is logged.',
      mechanism: 'Mechanism learning: what runs feeds back into the rules and models.',
    },
  },
};
