import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import Bull, { type Queue } from 'bull';
import { legacyQueuePrefix } from '../src/core/queue/legacy-queues.service';
import { insertUser, paidDemand, startupCompleted } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { startTestWorker } from './support/worker';

/**
 * A release that hash-tags Bull's prefix (for Redis Cluster) loses nothing the previous release queued under the
 * old one: the worker moves it into today's queues at start (issue 37, docs/operations/releases.md).
 */
describe('jobs queued under the previous release’s queue prefix', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let legacy: Queue;

  beforeAll(async () => {
    t = await startTestApp({ GENERATOR_STEP_MS: '0' });
    legacy = new Bull(QueueName.demandStages, {
      prefix: legacyQueuePrefix(t.config.redisPrefix),
      redis: t.config.redis.url,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await legacy.obliterate({ force: true });
    await legacy.close();
    await t.close();
  });

  it('are moved into today’s queues at the worker’s start and run once; schedules are not moved', async () => {
    // As the previous release's API would leave it: the paid stage's job under the old prefix, and its schedule.
    const { auth } = await insertUser(t);
    const demandId = await paidDemand(t, auth);
    const current = t.app.get<Queue>(getQueueToken(QueueName.demandStages));
    const [job] = await current.getJobs(['waiting']);
    await legacy.add(job.name, job.data, { ...job.opts, jobId: String(job.id) });
    await job.remove();
    await legacy.add(JobName.sweepStages, {}, { repeat: { every: 300_000 } });
    expect(await current.getJobCounts()).toMatchObject({ waiting: 0, delayed: 0 });

    worker = await startTestWorker(t);
    await startupCompleted(t, demandId);
    expect(await legacy.getJobCounts()).toMatchObject({ waiting: 0, active: 0 });
    // The old schedule stays where it was (this release registers its own), and nothing is moved twice.
    expect(await legacy.getRepeatableJobs()).toHaveLength(1);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM demand_events WHERE "demandId" = $1 AND event = 'demand_completed'`,
      [demandId],
    );
    expect(n).toBe(1);
  });
});
