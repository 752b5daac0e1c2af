import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake answers to one request: a status error (with the Retry-After it names, in seconds), or a text
 * streamed as chat-completion chunks.
 */
export type LlmAnswer = { status: number; retryAfter?: number } | { text: string };

/**
 * A local OpenAI-compatible chat-completions server: streams answers as `text/event-stream` chunks of
 * `choices[0].delta.content`, ending with `data: [DONE]`, as the real API does with `stream: true`.
 */
export class FakeLlmServer {
  private server?: Server;
  /** Answers for the next requests, in order; when empty, `fallback` is used. */
  readonly queue: LlmAnswer[] = [];
  fallback: LlmAnswer = { status: 500 };
  /** How long each answer takes to begin: a slow model, for tests of how many stages wait on it at once. */
  delayMs = 0;
  /** Requests being answered now, and the most at once so far. */
  inFlight = 0;
  maxInFlight = 0;
  readonly requests: {
    authorization?: string;
    body: { model: string; stream: boolean; messages: unknown[] };
    /** When it arrived (Date.now()). */
    at: number;
  }[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise((ok) => this.server?.close(ok));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    this.requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw), at: Date.now() });
    const answer = this.queue.shift() ?? this.fallback;
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    res.on('close', () => this.inFlight--);
    if (this.delayMs) await new Promise((done) => setTimeout(done, this.delayMs));
    if ('status' in answer) {
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        ...(answer.retryAfter !== undefined && { 'retry-after': String(answer.retryAfter) }),
      });
      res.end(JSON.stringify({ error: { message: 'upstream failure', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let i = 0; i < answer.text.length; i += 50) {
      const chunk = {
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content: answer.text.slice(i, i + 50) } }],
      };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }
}

/** A well-formed stage output, as a model would write it. */
export const VALID_OUTPUT = {
  summary: '库存周转慢，缺货与积压并存',
  solution: '以销量预测驱动补货，按门店分层设定安全库存',
  quantified_metrics: [
    { name: '库存周转天数', target: '30', unit: '天' },
    { name: '缺货率', explanation: '按门店每日统计' },
  ],
  achieves: [
    {
      智能补货上线: { content: '自动生成补货单', acceptance: '连续两周缺货率下降', remarks: '试点10家门店' },
    },
  ],
  suggested_modules: [
    { name: '销量预测', intro: '按 SKU 预测未来四周销量', metrics: [{ name: '预测准确率', value: '85%' }] },
  ],
};
