import fc from 'fast-check';
import type { TestApp } from '../support/test-app';
import { loopBlockDuring } from '../support/event-loop';
import { CaseGenerator, operationsOf, type Case, type OpenApi, type Operation } from './openapi-cases';

export type Role = 'anonymous' | 'free' | 'paid' | 'support' | 'admin';

/** Who sends a request: a bearer token made afresh for each request (null: none), or a forged one. */
export interface Actor {
  role: Role;
  token: () => Promise<string | null>;
}

/** What a request broke of contract §11's promises. */
export interface Finding {
  operation: string;
  role: Role;
  status: number;
  ms: number;
  problem: string;
  request: Case;
}

export interface Row {
  operation: string;
  role: Role;
  cases: number;
  statuses: Record<number, number>;
  p99: number;
  worstLoopMs: number;
}

export interface FuzzResult {
  rows: Row[];
  findings: Finding[];
  requests: number;
  worstLoopMs: number;
  worstLoopAt: string;
}

/**
 * 5xx answers the contract documents: a service down, a gateway that cannot take payments, a refund refused, texts
 * that cannot be sent (§12: no SMS provider here, or one that refused).
 */
const DOCUMENTED_5XX: Record<number, string[]> = {
  502: ['REFUND_REFUSED'],
  503: ['SERVICE_UNAVAILABLE', 'PAYMENT_UNAVAILABLE', 'SMS_UNAVAILABLE'],
};
/** Endpoints whose answers a third party's protocol fixes (Alipay's text, WeChat Pay's FAIL) or that redirect. */
const OWN_PROTOCOL = [
  'POST /api/payments/alipay/notify',
  'POST /api/payments/wechatpay/notify',
  'GET /api/payments/alipay/return',
  'GET /api/auth/{provider}/callback',
];
const SLOW_MS = 1000;
const BLOCKED_MS = 200;

/**
 * Sends generated requests for every operation of the app's OpenAPI document, as each actor, and checks each
 * answer against contract §11: no undocumented 5xx, an answer within 1 s, the one error body, and the event loop
 * never blocked over 200 ms (loopBlockDuring around each request, to name the operation).
 */
export async function fuzz(
  t: TestApp,
  actors: Actor[],
  ids: () => string[],
  options: { runs: number; seed: number; only?: (op: Operation) => boolean; regressions?: Regression[] },
): Promise<FuzzResult> {
  const doc = (await t.http.get('/api/docs-json').expect(200)).body as OpenApi;
  const generator = new CaseGenerator(doc, ids);
  const result: FuzzResult = { rows: [], findings: [], requests: 0, worstLoopMs: 0, worstLoopAt: '' };
  for (const regression of options.regressions ?? []) {
    const actor = actors.find((a) => a.role === regression.role);
    if (actor) await send(t, actor, regression.operation, regression.request, result);
  }
  for (const op of operationsOf(doc).filter(options.only ?? (() => true)))
    for (const actor of actors) {
      const name = `${op.method} ${op.path}`;
      const row: Row = {
        operation: name,
        role: actor.role,
        cases: 0,
        statuses: {},
        p99: 0,
        worstLoopMs: 0,
      };
      const times: number[] = [];
      const cases = fc.sample(generator.cases(op), { numRuns: options.runs, seed: options.seed });
      for (const c of cases) {
        const { status, ms, loopMs } = await send(t, actor, name, c, result);
        row.cases += 1;
        row.statuses[status] = (row.statuses[status] ?? 0) + 1;
        row.worstLoopMs = Math.max(row.worstLoopMs, loopMs);
        times.push(ms);
      }
      times.sort((a, b) => a - b);
      row.p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0;
      result.rows.push(row);
    }
  return result;
}

/** A failing case kept as a regression: replayed first in every run. */
export interface Regression {
  operation: string;
  role: Role;
  request: Case;
}

async function send(
  t: TestApp,
  actor: Actor,
  operation: string,
  c: Case,
  result: FuzzResult,
): Promise<{ status: number; ms: number; loopMs: number }> {
  let answer = await once(t, actor, operation, c);
  let problems = check(operation, answer);
  // A slow answer or a blocked loop is asked again, twice at most: a real one comes back every time, another
  // process's burst on a loaded machine does not (the checks of the answer itself are not retried).
  for (let retry = 0; retry < 2 && problems.length && problems.every((p) => TIMING.test(p)); retry++) {
    answer = await once(t, actor, operation, c);
    problems = check(operation, answer);
    result.requests += 1;
  }
  const { res, ms, loopMs, gcMs } = answer;
  result.requests += 1;
  if (loopMs > result.worstLoopMs) {
    result.worstLoopMs = loopMs;
    result.worstLoopAt = `${operation} as ${actor.role}, its longest GC pause ${gcMs.toFixed(0)} ms`;
  }
  for (const problem of problems)
    result.findings.push({ operation, role: actor.role, status: res.status, ms, problem, request: c });
  return { status: res.status, ms, loopMs };
}

type Answer = { status: number; headers: Record<string, string>; body: unknown; text: string };
/** An answer with its time, the event loop's longest block and the longest GC pause while it was on its way. */
type Timed = { res: Answer; ms: number; loopMs: number; gcMs: number };
const TIMING = /^(answered in|event loop blocked)/;

async function once(t: TestApp, actor: Actor, operation: string, c: Case): Promise<Timed> {
  const [method] = operation.split(' ');
  const token = await actor.token();
  const started = performance.now();
  let req = t.http[method.toLowerCase() as 'get'](c.path).query(c.query).timeout(10_000);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  if (c.body !== undefined) req = req.set('content-type', 'application/json').send(JSON.stringify(c.body));
  const {
    result: res,
    blockedMs,
    gcMs,
  } = await loopBlockDuring(() =>
    req.then(
      (r): Answer => r,
      (err: { response?: Answer; message: string }) =>
        err.response ?? { status: 0, headers: {}, body: undefined, text: err.message },
    ),
  );
  return { res, ms: performance.now() - started, loopMs: blockedMs, gcMs };
}

function check(operation: string, { res, ms, loopMs, gcMs }: Timed): string[] {
  const problems: string[] = [];
  const body = res.body as
    { statusCode?: unknown; code?: unknown; error?: unknown; message?: unknown } | undefined;
  if (res.status === 0) problems.push(`no answer: ${res.text}`);
  if (res.status >= 500 && !DOCUMENTED_5XX[res.status]?.includes(String(body?.code)))
    problems.push(`undocumented ${res.status} ${String(body?.code)}`);
  if (ms > SLOW_MS) problems.push(`answered in ${Math.round(ms)} ms`);
  if (loopMs > BLOCKED_MS)
    problems.push(`event loop blocked ${Math.round(loopMs)} ms (longest GC pause ${Math.round(gcMs)} ms)`);
  if (res.status >= 400 && !OWN_PROTOCOL.includes(operation)) {
    const shaped =
      String(res.headers['content-type']).startsWith('application/json') &&
      body?.statusCode === res.status &&
      typeof body.code === 'string' &&
      body.error === body.code &&
      typeof body.message === 'string';
    if (!shaped) problems.push(`not the error body: ${res.text.slice(0, 120)}`);
  }
  return problems;
}

/** The report of a run, as bench/fuzz-results.md keeps it. */
export function report(result: FuzzResult, meta: { runs: number; seed: number; seconds: number }): string {
  const p99s = result.rows.map((r) => r.p99).sort((a, b) => a - b);
  const lines = [
    '# Fuzz run over the whole API (`npm run fuzz`)',
    '',
    `Generated from the app's OpenAPI document with fast-check (seed ${meta.seed}, ${meta.runs} cases per operation and role), sent to the real app on PostgreSQL and Redis as anonymous, free, paid, support and admin users. ${result.requests} requests in ${meta.seconds} s.`,
    '',
    `- Worst event-loop block: ${result.worstLoopMs.toFixed(0)} ms (${result.worstLoopAt}); budget 200 ms.`,
    `- Slowest p99 of an operation and role: ${(p99s.at(-1) ?? 0).toFixed(0)} ms; budget 1,000 ms per answer.`,
    `- Findings: ${result.findings.length}.`,
    '',
    '| operation | role | cases | answers | p99 ms | worst loop ms |',
    '| --------- | ---- | ----: | ------- | -----: | ------------: |',
    ...result.rows.map(
      (r) =>
        `| \`${r.operation}\` | ${r.role} | ${r.cases} | ${Object.entries(r.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')} | ${r.p99.toFixed(0)} | ${r.worstLoopMs.toFixed(0)} |`,
    ),
    '',
    '## Findings',
    '',
    ...(result.findings.length
      ? result.findings.map((f) => `- \`${f.operation}\` as ${f.role}: ${f.problem} (${f.status})`)
      : ['None.']),
    '',
  ];
  return lines.join('\n');
}
