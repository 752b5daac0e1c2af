import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Job } from 'bull';
import { requestContext } from '../../../core/logging/request-context';
import { MetricsService } from '../../../core/metrics/metrics.service';
import { DemandStagesRepository } from '../demand-stages.repository';
import { StageQueue, STAGE_JOB_ATTEMPTS, type StageJob } from '../stage-queue';
import { StageRunner } from '../stage-runner.service';

const STALLED_TOO_OFTEN = '生成过程多次中断，已停止自动重试，请重试该阶段。';

/** The worker's consumer of `demand-stages`: one stage job at a time per worker process. */
@Processor(QueueName.demandStages)
export class DemandStagesProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemandStagesProcessor.name);

  constructor(
    private readonly runner: StageRunner,
    private readonly stageState: DemandStagesRepository,
    private readonly queue: StageQueue,
    private readonly metrics: MetricsService,
  ) {}

  /** Re-adds the jobs of stages left queued: a no-op for those Bull still holds (same job id). */
  async onApplicationBootstrap(): Promise<void> {
    const jobs = await this.stageState.unfinished();
    for (const job of jobs) await this.queue.enqueue(job);
    if (jobs.length) this.logger.log(`checked ${jobs.length} unfinished stage job(s)`);
  }

  @Process(JobName.runStage)
  async process(job: Job<StageJob>): Promise<{ completed: boolean }> {
    const timer = this.metrics.jobDuration.startTimer({ queue: QueueName.demandStages, job: job.data.stage });
    try {
      // The job's log lines carry the id of the request that queued it.
      const completed = await requestContext.run(job.data.requestId ?? `job:${job.id}`, () =>
        this.runner.run(job.data, job.attemptsMade + 1),
      );
      timer({ outcome: completed ? 'completed' : 'skipped' });
      return { completed };
    } catch (e) {
      timer({ outcome: 'failed' });
      throw e;
    }
  }

  @OnQueueFailed()
  async onFailed(job: Job<StageJob>, error: Error): Promise<void> {
    try {
      // Bull has counted this attempt by now, and put the job back (delayed) unless it gave up: attempts spent, or
      // stalled more than `maxStalledCount` times, which counts no attempt at all.
      const final = (await job.getState()) === 'failed';
      const attempts = job.opts.attempts ?? STAGE_JOB_ATTEMPTS;
      // Bull's own reason for a job that stalled too often is English and says nothing to the user.
      const reason = final && job.attemptsMade < attempts ? new Error(STALLED_TOO_OFTEN) : error;
      await this.runner.failed(job.data, reason, job.attemptsMade, attempts, final);
    } catch (e) {
      this.logger.error(`recording a failed stage job failed: ${(e as Error).message}`);
    }
  }
}
