import { Injectable, Logger } from '@nestjs/common';
import { stageOutputProblems } from '@think-tank/contracts';
import { AppConfig, type LlmConfig } from '../../../core/config/app-config';
import {
  StageGenerator,
  type GeneratedOutput,
  type GenerationContext,
  type ProgressReporter,
} from './stage-generator';

/** Answers that fail to parse or to match the schema are asked for again, this many times in all. */
const ATTEMPTS = 3;
const TIMEOUT_MS = 120_000;
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

  constructor(config: AppConfig) {
    super();
    this.llm = config.llm!;
  }

  async generate(ctx: GenerationContext, progress: ProgressReporter): Promise<GeneratedOutput> {
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
      const text = await this.complete(messages, progress);
      const parsed = parseJson(text);
      const problems = parsed === undefined ? ['output'] : stageOutputProblems(parsed);
      if (problems.length === 0) return { ...(parsed as GeneratedOutput), generator: 'llm' };
      problem = parsed === undefined ? '返回内容不是有效的 JSON' : `字段格式不符：${problems.join(', ')}`;
      this.logger.warn(`LLM answer rejected (${attempt}/${ATTEMPTS}): ${problem}`);
      await progress('badModelAnswer', undefined, problem, 'WARNING');
    }
    throw new Error(`语言模型连续 ${ATTEMPTS} 次未返回有效结果（${problem}）`);
  }

  /** One streamed completion, as text. */
  private async complete(messages: unknown[], progress: ProgressReporter): Promise<string> {
    const res = await fetch(`${this.llm.baseUrl}/chat/completions`, {
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
    if (!res.ok || !res.body) throw new Error(`语言模型服务返回 HTTP ${res.status}`);
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
