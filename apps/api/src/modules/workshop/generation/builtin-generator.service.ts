import { Injectable } from '@nestjs/common';
import {
  INDUSTRIES,
  STAGE_NAMES,
  type Achieve,
  type DemandModule,
  type Language,
  type QuantifiedMetric,
  type StageInput,
} from '@think-tank/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../../core/config/app-config';
import { keyPhrases, matchModules, type ModuleMatch } from './demand-analysis';
import { statedMetrics } from './demand-numbers';
import { WORDING, type Wording } from './builtin-wording';
import { MODULE_CATALOGUE_EN, UNITS_EN, type CatalogueModule } from './generator-data';
import {
  StageGenerator,
  type GeneratedOutput,
  type GenerationContext,
  type ProgressReporter,
} from './stage-generator';

/** A catalogue module as an output lists it, in the output's language, with why it was suggested. */
export const toDemandModule = (
  m: CatalogueModule,
  because: string[] = [],
  lang: Language = 'zh',
): DemandModule => {
  const en = lang === 'en' ? MODULE_CATALOGUE_EN[m.id] : undefined;
  return {
    id: m.id,
    name: en ? m.nameEn : m.name,
    nameEn: m.nameEn,
    intro: en?.intro ?? m.intro,
    metrics: m.metrics.map((x, i) => ({
      name: en?.metrics[i] ?? x.name,
      value: `${x.target} ${en ? (UNITS_EN[x.unit] ?? x.unit) : x.unit}`,
    })),
    ...(because.length ? { reason: WORDING[lang].reason(because) } : {}),
  };
};

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
    const w = WORDING[demand.language];
    const focus = w.focus[stage];
    // An answer is read as part of the demand: an industry named there picks that industry's modules.
    const answers = demand.answers.map((a) => a.answer);
    const text = [demand.content, demand.keyValuePoints, ...answers, inputText(input)].join('\n');

    await progress('analysing', undefined, firstSentence(demand.content));
    await step();
    const phrases = keyPhrases(text);
    await progress('keywords', undefined, phrases.join(w.listSeparator) || w.noKeywords);
    await step();

    const match = matchModules(text, 5);
    const modules = this.modulesFor(ctx, match);
    const previous = ctx.previous.at(-1);
    const carried = previous?.selectedModules.map((m) => m.name) ?? [];
    const topic = phrases.slice(0, 3).join(w.listSeparator) || demand.name;
    // Nothing of the demand's own field (and nothing the user chose before): said, not filled with near misses.
    const miss =
      match.missed && !carried.length
        ? w.noModule(
            topic,
            match.industries.map((i) => INDUSTRIES[i][demand.language]),
          )
        : '';
    await progress('modulesMatched', undefined, modules.map((m) => m.name).join(w.listSeparator) || miss);
    await step();
    if (!phrases.length) await progress('shortDemand', undefined, undefined, 'WARNING');

    const summary = w.summary(
      focus.title,
      topic,
      firstSentence(demand.content, 120),
      firstSentence(demand.keyValuePoints, 120),
    );
    const solution = [
      w.goal(focus.verb),
      previous
        ? w.carriedOver(
            STAGE_NAMES[previous.stage][demand.language],
            firstSentence(previous.output.summary, 100),
          )
        : '',
      carried.length ? w.keptModules(carried) : '',
      modules.length ? w.combination(modules) : '',
      miss,
      stage === 'Preparation' ? this.preparationNotes(input, w) : '',
      input?.genericInput ? w.userAdds(firstSentence(input.genericInput, 200)) : '',
      stage === 'Startup' && demand.answers.length ? w.answersUsed(demand.answers) : '',
    ]
      .filter(Boolean)
      .join('\n');
    await progress('documentWritten');
    await step();

    const quantified_metrics: QuantifiedMetric[] = [
      ...this.metricsFor(`${demand.content}\n${demand.keyValuePoints}`, modules, w),
      {
        name: w.keyValueMetric.name,
        explanation: w.keyValueMetric.explanation(firstSentence(demand.keyValuePoints, 60)),
      },
    ];
    const achieves: Achieve[] = modules.slice(0, 3).map((m) => ({
      [w.launched(m.name)]: {
        content: m.intro,
        acceptance: m.metrics.map((x) => `${x.name} ${x.value}`).join(w.listSeparator) || w.signedOff,
        remarks: w.deliveredIn(focus.title),
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
    if (stage === 'Preparation') output.module_overview = modules.map(w.overviewLine).join('\n');
    if (stage === 'Opening')
      output.implementation_showcase = modules.map((m, i) => w.showcaseStep(i, m)).join('\n');
    return output;
  }

  /** The user's modules from the stage before first, then what the text adds, five at most. */
  private modulesFor(ctx: GenerationContext, match: ModuleMatch): DemandModule[] {
    const chosen = ctx.previous.at(-1)?.selectedModules ?? [];
    const names = new Set(chosen.map((m) => m.name));
    const matched = match.modules
      .map((r) => toDemandModule(r.module, r.because, ctx.demand.language))
      .filter((m) => !names.has(m.name));
    return [...chosen, ...matched].slice(0, Math.max(5, chosen.length));
  }

  /**
   * The demand's own numbers first (today's value and the goal as a row each); the modules' catalogue metrics only
   * where the demand states none.
   */
  private metricsFor(text: string, modules: DemandModule[], w: Wording): QuantifiedMetric[] {
    const stated = statedMetrics(text).flatMap((m): QuantifiedMetric[] => [
      ...(m.current ? [{ name: m.target ? w.today(m.name) : m.name, target: m.current, unit: m.unit }] : []),
      ...(m.target ? [{ name: m.current ? w.target(m.name) : m.name, target: m.target, unit: m.unit }] : []),
    ]);
    if (stated.length) return stated;
    return modules
      .flatMap((m) => m.metrics.slice(0, 1))
      .map((x) => {
        const [target, ...unit] = x.value.split(' ');
        return { name: x.name, target, unit: unit.join(' ') || undefined };
      });
  }

  private preparationNotes(input: StageInput | null, w: Wording): string {
    if (!input) return '';
    const p = w.preparation;
    return [
      input.dataCollection && `${p.collection}${firstSentence(input.dataCollection, 100)}`,
      input.dataFormat && `${p.format}${firstSentence(input.dataFormat, 100)}`,
      input.dataProcessing && `${p.processing}${firstSentence(input.dataProcessing, 100)}`,
      input.transactionalDesign && p.transactional,
      input.securityLevel === 'topSecret' && p.topSecret,
      input.mechanismLearningDesign && p.mechanism,
    ]
      .filter(Boolean)
      .join('\n');
  }
}
