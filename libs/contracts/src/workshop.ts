/** The requirements workshop: stages, statuses and fees (contract §8, demand-workshop §3–4). */
import type { PriceInfo } from './billing';
import type { Language, Localized } from './i18n';

export const STAGES = ['Startup', 'Preparation', 'Opening', 'Operation', 'Expansion'] as const;
export type Stage = (typeof STAGES)[number];

export const OVERALL_STATUSES = ['Processing', 'Completed', 'PendingInput', 'Error', 'Archived'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

export const STAGE_STATUSES = [
  'NotStarted',
  'PendingInput',
  'Queued',
  'Processing',
  'Completed',
  'Error',
] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export const STAGE_PAYMENT_STATUSES = ['NotRequired', 'Pending', 'Paid', 'Waived'] as const;
export type StagePaymentStatus = (typeof STAGE_PAYMENT_STATUSES)[number];

/** The stages' names as users read them (demand-workshop §1). */
export const STAGE_NAMES: Record<Stage, Localized> = {
  Startup: { zh: '启动', en: 'Startup' },
  Preparation: { zh: '筹备', en: 'Preparation' },
  Opening: { zh: '开业', en: 'Opening' },
  Operation: { zh: '运营', en: 'Operation' },
  Expansion: { zh: '扩张', en: 'Expansion' },
};

/** A demand's overall status as its current stage's status makes it (demand-workshop §4): a demand taken out of the archive gets it. */
export function overallStatusOf(stage: StageStatus): Exclude<OverallStatus, 'Archived'> {
  switch (stage) {
    case 'Queued':
    case 'Processing':
      return 'Processing';
    case 'Completed':
      return 'Completed';
    case 'Error':
      return 'Error';
    default:
      return 'PendingInput';
  }
}

/** The stage after this one; Expansion has none. */
export function nextStage(stage: Stage): Exclude<Stage, 'Startup'> | null {
  return (STAGES[STAGES.indexOf(stage) + 1] as Exclude<Stage, 'Startup'> | undefined) ?? null;
}

/** Per-module and flat fees in minor units (contract §8). */
export const STAGE_FEES = {
  preparationPerModule: 10_000,
  openingPerModule: 20_000,
  operation: { CNY: 200_000, USD: 70_000 },
  expansion: 0,
  startup: { amount: 2_900, currency: 'CNY' },
} as const;

/**
 * The fee for entering `stage`: Preparation and Opening charge per module selected in the stage before,
 * Operation a flat fee in the order's currency, Expansion nothing. VIP users are never charged (Waived).
 */
export function stageFee(
  stage: Exclude<Stage, 'Startup'>,
  modulesSelectedBefore: number,
  currency: PriceInfo['currency'],
): PriceInfo {
  const amount =
    stage === 'Preparation'
      ? STAGE_FEES.preparationPerModule * modulesSelectedBefore
      : stage === 'Opening'
        ? STAGE_FEES.openingPerModule * modulesSelectedBefore
        : stage === 'Operation'
          ? STAGE_FEES.operation[currency]
          : STAGE_FEES.expansion;
  return { amount, currency };
}

/** Key value points must be longer than this many characters after trimming (demand-workshop §5). */
export const KEY_VALUE_POINTS_MIN = 20;
export const keyValuePointsTooShort = (text: string) => text.trim().length <= KEY_VALUE_POINTS_MIN;
/** Each stage-input text (and the text of an attached file) is at most this long. */
export const STAGE_INPUT_TEXT_MAX = 100_000;
export const DEMAND_NAME_MAX = 200;
/** Earlier versions of a stage's output kept (each save and each re-run adds one; the oldest go). */
export const STAGE_HISTORY_KEPT = 20;
export const DEMAND_CONTENT_MAX = 20_000;

export const SECURITY_LEVELS = ['normal', 'topSecret'] as const;
export type SecurityLevel = (typeof SECURITY_LEVELS)[number];

/** The lab file every demand has: its overview (demand-workshop §9, the viewer's default resource). */
export const LAB_INDEX_FILE = 'indexp.html';

/** A metric of a module: name and value (demand-workshop §3). */
export interface ModuleMetric {
  name: string;
  value: string;
}

/** A module as a stage suggests it, or as the user adds it (custom modules carry id, isCustom and English). */
export interface DemandModule {
  name: string;
  intro: string;
  metrics: ModuleMetric[];
  id?: string;
  isCustom?: boolean;
  nameEn?: string;
  descriptionEn?: string;
  /** Why the generator suggested it: the demand's words that made it relevant. */
  reason?: string;
}

export type QuantifiedMetric =
  { name: string; explanation: string } | { name: string; target: string; unit?: string };

/** One expected outcome: a single key (the outcome's title) whose value says what, how it is accepted, remarks. */
export type Achieve = Record<string, { content: string; acceptance: string; remarks: string }>;

/** What a stage produced (demand-workshop §3); Preparation and Opening add their documents. */
export interface StageOutput {
  summary: string;
  solution: string;
  quantified_metrics: QuantifiedMetric[];
  achieves: Achieve[];
  suggested_modules: DemandModule[];
  prd_url?: string;
  prd_scene_url?: string;
  design_table_html?: string;
  module_overview?: string;
  opening_table_html?: string;
  implementation_showcase?: string;
  /** Which generator wrote it: the built-in draft generator or a language model. */
  generator?: 'builtin' | 'llm';
  /** The library's solutions most related to the demand, cited by the run that wrote this output. */
  related_solutions?: RelatedSolutionCitation[];
}

export interface RelatedSolutionCitation {
  id: string;
  name: string;
  /** One line on why it is related. */
  reason: string;
}

/** What the user gives when entering a stage (demand-workshop §3). */
export interface StageInput {
  dataCollection?: string;
  dataCollectionFile?: string;
  dataFormat?: string;
  dataFormatFile?: string;
  dataProcessing?: string;
  dataProcessingFile?: string;
  transactionalDesign?: boolean;
  securityLevel?: SecurityLevel;
  mechanismLearningDesign?: boolean;
  genericInput?: string;
  selected_modules_from_previous?: string[];
  /** Startup's input: the demand itself. */
  content?: string;
  keyValuePoints?: string;
}

export interface StageData {
  status: StageStatus;
  paymentStatus: StagePaymentStatus;
  errorMessage: string | null;
  updatedAt: string | null;
  input: StageInput | null;
  output: StageOutput | null;
  selectedModules: DemandModule[];
  /** The output was made before the demand was revised. */
  stale: boolean;
  /** While the stage waits for its fee: what the order will charge (priced when the stage was entered). */
  fee: PriceInfo | null;
}

export interface DemandListItem {
  _id: string;
  name: string;
  content: string;
  keyValuePoints: string;
  currentStage: Stage;
  overallStatus: OverallStatus;
  isMarketReady: boolean;
  demandType: string;
  updatedAt: string;
}

export interface DemandDetail {
  _id: string;
  name: string;
  labName: string;
  currentStage: Stage;
  overallStatus: OverallStatus;
  isVip: boolean;
  stagesData: Record<Stage, StageData>;
  /** The fee for entering the next stage, when one is due now (non-VIP, current stage completed, stage open). */
  nextStageFee: PriceInfo | null;
  /** False while the next stage may not be entered (Operation while OPERATION_STAGE_OPEN=false): shown before any click. */
  nextStageOpen: boolean;
  /** What the workshop asked when the demand was registered, with the answers given so far (contract §12). */
  questions: AnsweredQuestion[];
}

/** What a demand may leave open that Startup needs (contract §12 "The workshop asks before it writes"). */
export const QUESTION_IDS = ['industry', 'scale', 'systems', 'timeframe', 'budget'] as const;
export type QuestionId = (typeof QUESTION_IDS)[number];
/** An answer's length at most, in characters. */
export const ANSWER_MAX_LENGTH = 500;

/** A question, in the reader's language: what is asked, why it matters, and answers to pick from where they fit. */
export interface ClarifyingQuestion {
  id: QuestionId;
  text: string;
  why: string;
  options?: string[];
}
export type AnsweredQuestion = ClarifyingQuestion & { answer: string | null };

/** PUT /api/demand-store/:id/answers: answers to the demand's questions, each optional. */
export interface AnswersRequest {
  answers: { id: QuestionId; answer: string }[];
}

export interface DemandRequest {
  name: string;
  content: string;
  keyValuePoints: string;
  /** The outputs' language; by default the language the demand is written in. */
  outputLanguage?: Language;
}

export interface RegisterDemandResponse {
  demandId: string;
  needsPayment: boolean;
  productInfo: { isValid: boolean; name: string };
  message: string;
  /** What the demand leaves open, 0 to 5 questions, to answer before the start-up is paid (never required). */
  questions: ClarifyingQuestion[];
}

/** The answer of an advance: the demand, and the fee when one must be paid before the stage runs. */
export type AdvanceResponse = DemandDetail & { fee?: PriceInfo };

/** A read-only link to a demand's deliverables (contract §12 "Shared deliverables"). */
export interface DemandShare {
  token: string;
  /** PUBLIC_URL/shared/<token>. */
  url: string;
  expiresAt: string;
}
/** How long a share link lives, in days: by default, and at most. */
export const SHARE_DAYS = { default: 7, min: 1, max: 90 } as const;

/** What a share link shows anyone holding it: the demand's name and its generated outputs, nothing of the owner. */
export interface SharedDemand {
  name: string;
  outputLanguage: Language;
  expiresAt: string;
  stages: { stage: Stage; output: StageOutput; selectedModules: DemandModule[] }[];
  /** The lab's pages, served at /api/shared/<token>/files/<path>. */
  files: string[];
}

export const DEMAND_EVENTS_NAMESPACE = '/demand-events';

/** Socket events of the /demand-events namespace (contract §8). */
export const DemandSocketEvent = {
  subscribe: 'subscribeToDemandUpdates',
  subscribed: 'subscribed',
  subscriptionError: 'subscription_error',
  progress: 'demand_progress',
  completed: 'demand_completed',
  error: 'demand_error',
} as const;
export type DemandEventName =
  typeof DemandSocketEvent.progress | typeof DemandSocketEvent.completed | typeof DemandSocketEvent.error;

export const MESSAGE_TYPES = ['IMPORTANT', 'DETAIL', 'WARNING', 'ERROR', 'COMPLETED'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * Every line a stage job reports, in both languages; `{{name}}` takes the event's `params` (a `stage` param is a
 * stage, named in the reader's language). The events carry the key, so each reader sees its own language; their
 * `message` is the Chinese text (contract §8).
 */
export const STAGE_PROGRESS = {
  started: { zh: '开始处理{{stage}}阶段', en: 'Processing the {{stage}} stage' },
  retrying: {
    zh: '生成失败，将自动重试（{{attempt}}/{{of}}）：{{reason}}',
    en: 'Generation failed, retrying ({{attempt}}/{{of}}): {{reason}}',
  },
  filesWritten: { zh: '已生成 {{count}} 个文件', en: '{{count}} files written' },
  finished: { zh: '处理完成', en: 'Processing finished' },
  failed: { zh: '处理失败：{{reason}}', en: 'Processing failed: {{reason}}' },
  analysing: { zh: '正在分析需求文本', en: 'Analysing the demand' },
  keywords: { zh: '已提取关键词', en: 'Keywords extracted' },
  modulesMatched: { zh: '已匹配业务模块', en: 'Business modules matched' },
  shortDemand: {
    zh: '需求文本较短，能匹配的模块可能较少',
    en: 'The demand is short: few modules may match it',
  },
  documentWritten: { zh: '已生成方案正文', en: 'Solution text written' },
  askingModel: {
    zh: '正在请求语言模型（第 {{attempt}} 次）',
    en: 'Asking the language model (attempt {{attempt}})',
  },
  badModelAnswer: {
    zh: '语言模型返回的结果格式不正确，正在重试',
    en: 'The language model answered in the wrong format, retrying',
  },
  generated: { zh: '已生成 {{count}} 字符', en: '{{count}} characters generated' },
  modelBusy: {
    zh: '语言模型暂时不可用，{{seconds}} 秒后重试',
    en: 'The language model is unavailable, retrying in {{seconds}} s',
  },
  modelFallback: {
    zh: '语言模型多次失败，已改用内置生成器生成本阶段',
    en: 'The language model kept failing: the built-in generator wrote this stage',
  },
} as const satisfies Record<string, Localized>;
export type StageProgressKey = keyof typeof STAGE_PROGRESS;
export type ProgressParams = Record<string, string | number>;

/** A progress line in a language. */
export function progressMessage(key: StageProgressKey, params: ProgressParams, lang: Language): string {
  return STAGE_PROGRESS[key][lang].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (name === 'stage' && typeof value === 'string' && value in STAGE_NAMES)
      return STAGE_NAMES[value as Stage][lang];
    return value === undefined ? '' : String(value);
  });
}

/** The Chinese words that end a stage's progress (contract §8), just before its one `demand_completed`. */
export const PROCESSING_FINISHED = STAGE_PROGRESS.finished.zh;

export interface DemandEventPayload {
  /** Increasing per demand: what `GET /:id/events?after=` pages by. */
  id: number;
  demandId: string;
  event: DemandEventName;
  messageType: MessageType;
  /** The line in Chinese. */
  message: string;
  /** The line's key and parameters, for clients to show it in their reader's language; null on older events. */
  messageKey: StageProgressKey | null;
  params: ProgressParams | null;
  stage: Stage;
  details: string | null;
  timestamp: string;
}
