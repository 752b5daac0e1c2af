import type {
  DemandModule,
  Language,
  ProgressParams,
  Stage,
  StageInput,
  StageOutput,
  StageProgressKey,
} from '@think-tank/contracts';

/** Everything a generator may read: the demand, the earlier stages as the user edited them, the stage input. */
export interface GenerationContext {
  demand: {
    name: string;
    content: string;
    keyValuePoints: string;
    language: Language;
    /** The answers to registration's questions (contract §12), each with what it is about. */
    answers: { topic: string; answer: string }[];
  };
  stage: Stage;
  input: StageInput | null;
  previous: { stage: Stage; output: StageOutput; selectedModules: DemandModule[] }[];
}

/** How a generator reports progress: a line of STAGE_PROGRESS, DETAIL unless it says WARNING. */
export type ProgressReporter = (
  key: StageProgressKey,
  params?: ProgressParams,
  details?: string,
  type?: 'DETAIL' | 'WARNING',
) => Promise<void>;

/** The text of a stage's output; links to the lab files are added by the lab composer, not the generator. */
export type GeneratedOutput = Omit<
  StageOutput,
  'prd_url' | 'prd_scene_url' | 'design_table_html' | 'opening_table_html'
>;

/** Writes one stage's output. Two implementations: the built-in draft generator and an OpenAI-compatible LLM. */
export abstract class StageGenerator {
  abstract generate(context: GenerationContext, progress: ProgressReporter): Promise<GeneratedOutput>;
}
