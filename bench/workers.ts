/**
 * npm run bench:workers: what a worker costs per concurrent stage (docs/operations/scaling.md#workers-that-scale-on-their-queue).
 * 2 workers at WORKER_CONCURRENCY 4 drain 100 paid Startup stages whose model answers after 5 s (the local
 * OpenAI-compatible fake), on a PostgreSQL and a Redis of the run's own; prints the time to drain, the most stages
 * in flight at once, and each worker's memory (RSS) idle and at its peak.
 */
import 'reflect-metadata';
import { Role } from '@think-tank/contracts';
import * as jwt from 'jsonwebtoken';
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeLlmServer, VALID_OUTPUT } from '../apps/api/test/fakes/llm-server';
import { waitFor } from '../apps/api/test/support/wait';
import { ChaosCluster, JWT_SECRET, probe, type Member } from './chaos/cluster';
import { call } from './chaos/load';

const STAGES = 100;
const WORKERS = 2;
const CONCURRENCY = 4;
const ANSWER_MS = 5_000;

/** A worker's resident memory in MiB, from its /metrics (prom-client's process metrics). */
async function rss(worker: Member): Promise<number> {
  const text = (await (await probe(`http://127.0.0.1:${worker.port}/metrics`))?.text()) ?? '';
  const line = text.split('\n').find((l) => l.startsWith('process_resident_memory_bytes '));
  return line ? Number(line.split(' ')[1]) / 2 ** 20 : NaN;
}

async function main() {
  const llm = new FakeLlmServer();
  llm.fallback = { text: JSON.stringify(VALID_OUTPUT) };
  llm.delayMs = ANSWER_MS;
  const cluster = new ChaosCluster(
    0,
    { apis: 1, workers: WORKERS, scaled: false },
    { LLM_BASE_URL: await llm.start(), LLM_API_KEY: 'sk-bench', WORKER_CONCURRENCY: String(CONCURRENCY) },
  );
  let code = 0;
  try {
    await cluster.start();
    const users: { id: string }[] = await cluster.sql(
      `INSERT INTO users (username, email, "emailVerifiedAt")
       SELECT 'workers-' || n, 'workers-' || n || '@example.cn', now() FROM generate_series(1, $1) n RETURNING id`,
      [STAGES],
    );
    const tokens = users.map((u) =>
      jwt.sign({ sub: u.id, role: Role.Free, typ: 'access', ver: 0 }, JWT_SECRET, { algorithm: 'HS256' }),
    );
    const idle = await Promise.all(cluster.workers.map(rss));
    const peak = [...idle];
    const sampling = setInterval(
      () =>
        void Promise.all(cluster.workers.map(rss)).then((now) =>
          now.forEach((mib, i) => (peak[i] = Math.max(peak[i], mib))),
        ),
      1_000,
    );
    const started = Date.now();
    // Every buyer registers and pays at once, as a busy hour would: the stage jobs queue up.
    await Promise.all(
      tokens.map(async (token, n) => {
        const demand = await call(cluster.url, 'POST', '/api/demand-store/register-demand', {
          token,
          body: {
            name: `并发阶段 ${n}`,
            content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
            keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
          },
        });
        const order = await call(cluster.url, 'POST', '/api/payments/initiate-demand-startup', {
          token,
          body: { demandId: demand.body.demandId },
        });
        await call(cluster.url, 'POST', `${String(order.body.paymentUrl)}/pay`);
      }),
    );
    const paid = Date.now();
    await waitFor(async () => {
      const [{ n }] = await cluster.sql(
        `SELECT count(*)::int AS n FROM demand_stages WHERE stage = 'Startup' AND status = 'Completed'`,
      );
      return n === STAGES;
    }, 30 * 60_000);
    const drained = Date.now();
    clearInterval(sampling);
    await sleep(1_000);
    const ideal = (Math.ceil(STAGES / (WORKERS * CONCURRENCY)) * ANSWER_MS) / 1000;
    console.log(
      [
        `${STAGES} stages, ${WORKERS} workers at WORKER_CONCURRENCY ${CONCURRENCY}, the model answering after ${ANSWER_MS / 1000} s:`,
        `- all paid after ${((paid - started) / 1000).toFixed(1)} s; drained ${((drained - started) / 1000).toFixed(1)} s after the first payment (${ideal} s if every slot waited on the model alone)`,
        `- at most ${llm.maxInFlight} stages waited on the model at once (${WORKERS * CONCURRENCY} slots); ${llm.requests.length} model calls`,
        `- worker memory (RSS): idle ${idle.map((m) => m.toFixed(0)).join(' and ')} MiB, peak ${peak.map((m) => m.toFixed(0)).join(' and ')} MiB`,
      ].join('\n'),
    );
  } catch (e) {
    console.error(`bench:workers stopped: ${(e as Error).stack ?? e}`);
    code = 1;
  } finally {
    await cluster.stopAll();
    await llm.stop();
  }
  if (!code) cluster.clean();
  process.exit(code);
}

void main();
