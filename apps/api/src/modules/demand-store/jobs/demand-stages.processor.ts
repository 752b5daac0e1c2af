import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Job } from 'bull';
import { requestContext } from '../../../core/logging/request-context';
import { MetricsService } from '../../../core/metrics/metrics.service';
import { StageQueue, STAGE_JOB_ATTEMPTS, type StageJob } from '../stage-queue';
import { StageRunner } from '../stage-runner.service';

/** The worker's consumer of `demand-stages`: one stage job at a time per worker process. */
@Processor(QueueName.demandStages)
export class DemandStagesProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemandStagesProcessor.name);

  constructor(
    private readonly runner: StageRunner,
    private readonly queue: StageQueue,
    private readonly metrics: MetricsService,
  ) {}

  /** Re-adds the jobs of stages left queued: a no-op for those Bull still holds (same job id). */
  async onApplicationBootstrap(): Promise<void> {
    const jobs = await this.runner.unfinished();
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
    // Bull has counted this attempt by now.
    await this.runner
      .failed(job.data, error, job.attemptsMade, job.opts.attempts ?? STAGE_JOB_ATTEMPTS)
      .catch((e: Error) => this.logger.error(`recording a failed stage job failed: ${e.message}`));
  }
}
