import { Injectable, Logger } from '@nestjs/common';
import { stageOutputProblems } from '@think-tank/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig, type LlmConfig } from '../../../core/config/app-config';
import { BuiltinGenerator } from './builtin-generator.service';
import {
  StageGenerator,
  type GeneratedOutput,
  type GenerationContext,
  type ProgressReporter,
} from './stage-generator';

/** Answers that fail to parse or to match the schema are asked for again, this many times in all. */
const ATTEMPTS = 3;
const TIMEOUT_MS = 120_000;
/** A 429 or 5xx is asked again, this many times in all, after a backoff (or the Retry-After it names). */
const HTTP_TRIES = 3;
const BACKOFF_MS = 500;
/** What one stage may spend waiting on the model in all: no backoff or Retry-After runs past it. */
const STAGE_BUDGET_MS = 300_000;
/** A DETAIL event after every this many streamed characters. */
const PROGRESS_EVERY = 400;

const SYSTEM_PROMPT = `你是企业需求分析顾问。根据用户的需求、前序阶段的结果和本阶段输入，只输出一个 JSON 对象，不要输出其他文字。
字段：summary（字符串，要解决的问题）、solution（字符串，解决方案）、
quantified_metrics（数组，每项为 {"name","explanation"} 或 {"name","target","unit"}）、
achieves（数组，每项是只有一个键的对象：{"成果名称": {"content","acceptance","remarks"}}）、
suggested_modules（数组，每项 {"name","intro","metrics":[{"name","value"}]}）。
筹备阶段另给 module_overview（字符串），开业阶段另给 implementation_showcase（字符串）。`;

/** The output's language, asked for in the language itself. */
const WRITE_IN = { zh: '全部文字使用中文。', en: 'Write every text field in English.' } as const;

/**
 * Stage generation by an OpenAI-compatible chat-completions endpoint (LLM_BASE_URL): streams the answer,
 * reporting progress as it arrives, and validates it against the same schema as an edited output.
 */
@Injectable()
export class LlmGenerator extends StageGenerator {
  private readonly logger = new Logger(LlmGenerator.name);
  private readonly llm: LlmConfig;
  private readonly builtin?: BuiltinGenerator;

  constructor(config: AppConfig) {
    super();
    this.llm = config.llm!;
    if (this.llm.fallback === 'builtin') this.builtin = new BuiltinGenerator(config);
  }

  /** The model's output; when it keeps failing, the built-in generator's, said in a WARNING (LLM_FALLBACK). */
  async generate(ctx: GenerationContext, progress: ProgressReporter): Promise<GeneratedOutput> {
    try {
      return await this.ask(ctx, progress, Date.now() + STAGE_BUDGET_MS);
    } catch (error) {
      if (!this.builtin) throw error;
      this.logger.warn(`LLM failed, the built-in generator writes the stage: ${(error as Error).message}`);
      await progress('modelFallback', undefined, (error as Error).message, 'WARNING');
      return this.builtin.generate(ctx, progress);
    }
  }

  private async ask(ctx: GenerationContext, progress: ProgressReporter, deadline: number) {
    const messages = [
      { role: 'system', content: `${SYSTEM_PROMPT}\n${WRITE_IN[ctx.demand.language]}` },
      {
        role: 'user',
        content: JSON.stringify({
          stage: ctx.stage,
          demand: ctx.demand,
          stageInput: ctx.input,
          previousStages: ctx.previous,
        }),
      },
    ];
    let problem = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      await progress('askingModel', { attempt }, this.llm.model);
      const text = await this.complete(messages, progress, deadline);
      const parsed = parseJson(text);
      const problems = parsed === undefined ? ['output'] : stageOutputProblems(parsed);
      if (problems.length === 0) return { ...(parsed as GeneratedOutput), generator: 'llm' as const };
      problem = parsed === undefined ? '返回内容不是有效的 JSON' : `字段格式不符：${problems.join(', ')}`;
      this.logger.warn(`LLM answer rejected (${attempt}/${ATTEMPTS}): ${problem}`);
      await progress('badModelAnswer', undefined, problem, 'WARNING');
    }
    throw new Error(`语言模型连续 ${ATTEMPTS} 次未返回有效结果（${problem}）`);
  }

  /**
   * The model's answer: a 429 or 5xx (or no answer at all) is asked again after the Retry-After it names or a
   * backoff with jitter, within the stage's deadline; any other refusal (a wrong key) fails at once.
   */
  private async complete(messages: unknown[], progress: ProgressReporter, deadline: number): Promise<string> {
    for (let tries = 1; ; tries++) {
      const res = await this.request(messages).catch((error: Error) => error);
      if (!(res instanceof Error) && res.ok && res.body) return this.read(res, progress);
      const answered = res instanceof Error ? null : res;
      const error = new Error(
        answered
          ? `语言模型服务返回 HTTP ${answered.status}`
          : `语言模型服务无法连接：${(res as Error).message}`,
      );
      if (answered && answered.status !== 429 && answered.status < 500) throw error;
      const wait =
        retryAfterMs(answered?.headers.get('retry-after') ?? null) ??
        BACKOFF_MS * 2 ** (tries - 1) * (0.5 + Math.random());
      if (tries >= HTTP_TRIES || Date.now() + wait > deadline) throw error;
      await progress('modelBusy', { seconds: Math.ceil(wait / 1000) }, error.message, 'WARNING');
      await sleep(wait);
    }
  }

  private request(messages: unknown[]): Promise<Response> {
    return fetch(`${this.llm.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.llm.apiKey ? { authorization: `Bearer ${this.llm.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.llm.model,
        messages,
        stream: true,
        response_format: { type: 'json_object' },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  /** One streamed completion, as text. */
  private async read(res: Response, progress: ProgressReporter): Promise<string> {
    let text = '';
    let reported = 0;
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const data = line.startsWith('data:') ? line.slice(5).trim() : '';
        if (!data || data === '[DONE]') continue;
        const delta = (parseJson(data) as { choices?: { delta?: { content?: string } }[] } | undefined)
          ?.choices?.[0]?.delta?.content;
        if (delta) text += delta;
      }
      if (text.length - reported >= PROGRESS_EVERY) {
        reported = text.length;
        await progress('generated', { count: text.length });
      }
    }
    return text;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim().replace(/^```(?:json)?\s*|(?<!\s)\s*```$/g, ''));
  } catch {
    return undefined;
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}
