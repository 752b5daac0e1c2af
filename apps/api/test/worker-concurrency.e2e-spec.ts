import type { INestApplicationContext } from '@nestjs/common';
import { FakeLlmServer, VALID_OUTPUT } from './fakes/llm-server';
import { insertUser, paidDemand, startupCompleted } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { startTestWorker } from './support/worker';

/**
 * A worker runs WORKER_CONCURRENCY stages at once: a stage waits on the model most of its time, and one at a time
 * per worker would leave a slow model's queue growing while the pods idle (issue 37).
 */
describe('stage concurrency per worker', () => {
  const llm = new FakeLlmServer();
  let t: TestApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    t = await startTestApp({
      LLM_BASE_URL: await llm.start(),
      LLM_API_KEY: 'sk-test',
      WORKER_CONCURRENCY: '3',
    });
    llm.fallback = { text: JSON.stringify(VALID_OUTPUT) };
    llm.delayMs = 3_000;
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
    await llm.stop();
  });

  it('runs WORKER_CONCURRENCY stages at once, no more, and completes every one once', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => insertUser(t)));
    const demands = await Promise.all(buyers.map((b) => paidDemand(t, b.auth)));
    // The worker starts once all five wait in the queue, so that it could take them all at once.
    worker = await startTestWorker(t);
    await Promise.all(demands.map((id) => startupCompleted(t, id)));
    expect(llm.maxInFlight).toBe(3);
    const completed = await t.db.query(
      `SELECT "demandId", count(*)::int AS n FROM demand_events WHERE event = 'demand_completed' AND "demandId" = ANY($1) GROUP BY 1`,
      [demands],
    );
    expect(completed).toHaveLength(5);
    expect(completed.every((row: { n: number }) => row.n === 1)).toBe(true);
  }, 90_000);
});
