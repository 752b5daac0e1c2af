import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { JobName, QueueName, type Stage } from '@think-tank/contracts';
import type { Queue } from 'bull';

/** A stage job's payload: ids only, the worker re-reads the rest. */
export interface StageJob {
  demandId: string;
  stage: Stage;
  /** The user's run of the stage (first run, retry, revision): one job id per run. */
  run: number;
  /** The request that queued it, for the worker's log lines. */
  requestId?: string;
}

export const STAGE_JOB_ATTEMPTS = 3;

/** One job id per (demand, stage, run): adding the same run twice is a no-op in Bull. */
export const stageJobId = (job: StageJob) => `${job.demandId}:${job.stage}:${job.run}`;

@Injectable()
export class StageQueue {
  constructor(@InjectQueue(QueueName.demandStages) private readonly queue: Queue<StageJob>) {}

  /** Where the run's job stands in Bull: waiting, active, delayed, …, or `missing` when Bull no longer has it. */
  /** The job's state in Bull ('missing' when Bull no longer has it), and when it finished (ms since epoch). */
  async stateOf(job: StageJob): Promise<{ state: string; finishedOn: number | null }> {
    const id = stageJobId(job);
    const found = await this.queue.getJob(id);
    if (!found) return { state: 'missing', finishedOn: null };
    const state = await found.getState();
    // Its end time is read after its state: a job that ended between the two reads (a worker's stalled check
    // failing it at start-up) would otherwise look finished long ago, and be swept before its handler speaks.
    const finishedOn = (await this.queue.getJob(id))?.finishedOn ?? null;
    return { state, finishedOn };
  }

  async enqueue(job: StageJob): Promise<void> {
    await this.queue.add(JobName.runStage, job, {
      jobId: stageJobId(job),
      attempts: STAGE_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: 2000 },
      // Finished jobs are kept a while, so that a late duplicate finds its id taken.
      removeOnComplete: 5000,
      removeOnFail: 5000,
    });
  }
}
