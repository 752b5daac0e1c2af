import { Injectable } from '@nestjs/common';
import {
  STAGE_NAMES,
  type Achieve,
  type DemandModule,
  type QuantifiedMetric,
  type Stage,
  type StageInput,
} from '@think-tank/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../../core/config/app-config';
import { keyPhrases, rankModules } from './demand-analysis';
import { statedMetrics } from './demand-numbers';
import type { CatalogueModule } from './module-catalogue.data';
import {
  StageGenerator,
  type GeneratedOutput,
  type GenerationContext,
  type ProgressReporter,
} from './stage-generator';

/** What each stage is about, in the words its outputs use. */
const STAGE_FOCUS: Record<Stage, { title: string; verb: string }> = {
  Startup: { title: '需求设计', verb: '明确问题、目标与衡量方式' },
  Preparation: { title: '产品化', verb: '把方案拆成可交付的产品模块与数据设计' },
  Opening: { title: '产品实现', verb: '完成模块实现、联调与上线验证' },
  Operation: { title: '应用场景', verb: '在真实业务场景中运行并持续度量' },
  Expansion: { title: '机制化与价值深化', verb: '把有效做法沉淀为机制并扩展到更多业务' },
};

export const toDemandModule = (m: CatalogueModule, because: string[] = []): DemandModule => ({
  id: m.id,
  name: m.name,
  nameEn: m.nameEn,
  intro: m.intro,
  metrics: m.metrics.map((x) => ({ name: x.name, value: `${x.target} ${x.unit}` })),
  ...(because.length ? { reason: `因为需求提到${because.map((w) => `“${w}”`).join('')}` } : {}),
});

/** The first sentence of a text, at most `max` characters. */
const firstSentence = (text: string, max = 80) => {
  // A Latin full stop ends a sentence only before a space: "0.1%" stays whole.
  const sentence = text.trim().split(/(?<=[。！？!?])\s*|(?<=\.)\s+|\n/)[0] ?? '';
  return sentence.length > max ? `${sentence.slice(0, max)}…` : sentence;
};

/** The stage input's free text, whatever stage it belongs to. */
const inputText = (input: StageInput | null) =>
  [input?.genericInput, input?.dataCollection, input?.dataFormat, input?.dataProcessing]
    .filter(Boolean)
    .join('\n');

/**
 * The offline generator (the default): reads the demand with Intl.Segmenter, matches the shipped catalogue of
 * business modules and composes every output field from the demand, the earlier stages as the user edited
 * them and the stage input. Deterministic for the same input; labelled as a draft in the UI.
 */
@Injectable()
export class BuiltinGenerator extends StageGenerator {
  constructor(private readonly config: AppConfig) {
    super();
  }

  async generate(ctx: GenerationContext, progress: ProgressReporter): Promise<GeneratedOutput> {
    const step = () => sleep(this.config.generatorStepMs);
    const { demand, stage, input } = ctx;
    const focus = STAGE_FOCUS[stage];
    const text = [demand.content, demand.keyValuePoints, inputText(input)].join('\n');

    await progress('analysing', undefined, firstSentence(demand.content));
    await step();
    const phrases = keyPhrases(text);
    await progress('keywords', undefined, phrases.join('、') || '（未识别出关键词）');
    await step();

    const modules = this.modulesFor(ctx, text);
    await progress('modulesMatched', undefined, modules.map((m) => m.name).join('、'));
    await step();
    if (!phrases.length) await progress('shortDemand', undefined, undefined, 'WARNING');

    const previous = ctx.previous.at(-1);
    const carried = previous?.selectedModules.map((m) => m.name) ?? [];
    const topic = phrases.slice(0, 3).join('、') || demand.name;
    const summary =
      `【${focus.title}】围绕“${topic}”：${firstSentence(demand.content, 120)}` +
      `关键价值点：${firstSentence(demand.keyValuePoints, 120)}`;
    const solution = [
      `本阶段目标是${focus.verb}。`,
      previous
        ? `承接上一阶段（${STAGE_NAMES[previous.stage].zh}）的结论：${firstSentence(previous.output.summary, 100)}`
        : '',
      carried.length ? `沿用已选模块：${carried.join('、')}。` : '',
      `建议组合 ${modules.length} 个模块：${modules.map((m) => `${m.name}（${m.intro}）`).join('；')}。`,
      stage === 'Preparation' ? this.preparationNotes(input) : '',
      input?.genericInput ? `用户补充：${firstSentence(input.genericInput, 200)}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    await progress('documentWritten');
    await step();

    const quantified_metrics: QuantifiedMetric[] = [
      ...this.metricsFor(`${demand.content}\n${demand.keyValuePoints}`, modules),
      {
        name: '关键价值点达成度',
        explanation: `以“${firstSentence(demand.keyValuePoints, 60)}”为验收口径逐项核对`,
      },
    ];
    const achieves: Achieve[] = modules.slice(0, 3).map((m) => ({
      [`${m.name}上线`]: {
        content: m.intro,
        acceptance: m.metrics.map((x) => `${x.name} ${x.value}`).join('；') || '业务方签字确认',
        remarks: `${focus.title}阶段交付`,
      },
    }));
    const output: GeneratedOutput = {
      summary,
      solution,
      quantified_metrics,
      achieves,
      suggested_modules: modules,
      generator: 'builtin',
    };
    if (stage === 'Preparation')
      output.module_overview = modules.map((m) => `${m.name}：${m.intro}`).join('\n');
    if (stage === 'Opening')
      output.implementation_showcase = modules
        .map((m, i) => `第${i + 1}步 实现「${m.name}」，以 ${m.metrics[0]?.name ?? '业务指标'} 验收`)
        .join('\n');
    return output;
  }

  /** The user's modules from the stage before first, then what the text adds, five at most. */
  private modulesFor(ctx: GenerationContext, text: string): DemandModule[] {
    const chosen = ctx.previous.at(-1)?.selectedModules ?? [];
    const names = new Set(chosen.map((m) => m.name));
    const matched = rankModules(text, 5)
      .map((r) => toDemandModule(r.module, r.because))
      .filter((m) => !names.has(m.name));
    return [...chosen, ...matched].slice(0, Math.max(5, chosen.length));
  }

  /**
   * The demand's own numbers first (today's value and the goal as a row each); the modules' catalogue metrics only
   * where the demand states none.
   */
  private metricsFor(text: string, modules: DemandModule[]): QuantifiedMetric[] {
    const stated = statedMetrics(text).flatMap((m): QuantifiedMetric[] => [
      ...(m.current
        ? [{ name: m.target ? `${m.name}（现状）` : m.name, target: m.current, unit: m.unit }]
        : []),
      ...(m.target
        ? [{ name: m.current ? `${m.name}（目标）` : m.name, target: m.target, unit: m.unit }]
        : []),
    ]);
    if (stated.length) return stated;
    return modules
      .flatMap((m) => m.metrics.slice(0, 1))
      .map((x) => {
        const [target, ...unit] = x.value.split(' ');
        return { name: x.name, target, unit: unit.join(' ') || undefined };
      });
  }

  private preparationNotes(input: StageInput | null): string {
    if (!input) return '';
    return [
      input.dataCollection && `数据采集：${firstSentence(input.dataCollection, 100)}`,
      input.dataFormat && `现有数据格式：${firstSentence(input.dataFormat, 100)}`,
      input.dataProcessing && `数据处理要求：${firstSentence(input.dataProcessing, 100)}`,
      input.transactionalDesign && '采用事务化设计，关键操作保证一致性与可回滚。',
      input.securityLevel === 'topSecret' && '按绝密级处理：数据不出域，访问全程留痕。',
      input.mechanismLearningDesign && '加入机制学习设计：运行数据反哺规则与模型。',
    ]
      .filter(Boolean)
      .join('\n');
  }
}
