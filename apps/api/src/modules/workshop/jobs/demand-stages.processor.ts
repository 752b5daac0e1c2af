import { InjectQueue, OnQueueFailed, Processor } from '@nestjs/bull';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName } from '@think-tank/contracts';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../../../core/config/app-config';
import { DatabaseProbe } from '../../../core/database/database-probe.repository';
import { isOutage } from '../../../core/errors/outage';
import { requestContext } from '../../../core/logging/request-context';
import { MetricsService } from '../../../core/metrics/metrics.service';
import { RedisRestored } from '../../../core/redis/redis-restored.service';
import { STAGE_JOB_ATTEMPTS, type StageJob } from '../stage-queue.service';
import { StageRunner } from '../stage-runner.service';
import { StageSweeper } from './stage-sweeper.service';

/** How often the worker sweeps for stages without a live job (one schedule, whatever the number of workers). */
const EVERY_FIVE_MINUTES = { every: 5 * 60_000 };
const STALLED_TOO_OFTEN = '生成过程多次中断，已停止自动重试，请重试该阶段。';
/** How long a stage run waits through an outage of PostgreSQL or Redis before it counts as a failed attempt. */
const OUTAGE_PATIENCE_MS = 10 * 60_000;
const OUTAGE_POLL_MS = 2_000;

/**
 * The worker's consumer of `demand-stages`: WORKER_CONCURRENCY stage jobs at once per worker process (a stage waits
 * on the model most of its time), and the sweep.
 */
@Processor(QueueName.demandStages)
export class DemandStagesProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemandStagesProcessor.name);

  constructor(
    private readonly runner: StageRunner,
    private readonly sweeper: StageSweeper,
    @InjectQueue(QueueName.demandStages) private readonly queue: Queue,
    private readonly metrics: MetricsService,
    private readonly restored: RedisRestored,
    private readonly db: DatabaseProbe,
    private readonly config: AppConfig,
  ) {}

  /**
   * Takes jobs, then sweeps at once (a crash between a commit and its enqueue leaves a stage without its job), then
   * every five minutes; and both again when Redis comes back, which may have restarted empty, losing queued jobs.
   */
  async onApplicationBootstrap(): Promise<void> {
    // One handler for every job name, registered here: @Process fixes its concurrency when the class is declared,
    // and Bull adds up the concurrencies of named handlers (a sweep handler beside would make it one more).
    // Bull's promise settles only when the queue closes.
    this.queue
      .process('*', this.config.workerConcurrency, (job: Job) =>
        job.name === JobName.sweepStages ? this.sweeper.sweep() : this.process(job as Job<StageJob>),
      )
      .catch((e: Error) => this.logger.error(`the stage consumer stopped: ${e.message}`));
    await this.restored.always('the stage sweep', async () => {
      const report = await this.sweeper.sweep(0);
      if (report.checked) this.logger.log(`checked ${report.checked} unfinished stage job(s)`);
    });
    await this.restored.keepScheduled(this.queue, JobName.sweepStages, EVERY_FIVE_MINUTES);
  }

  async process(job: Job<StageJob>): Promise<{ completed: boolean }> {
    const timer = this.metrics.jobDuration.startTimer({
      queue: QueueName.demandStages,
      job_name: job.data.stage,
    });
    const since = Date.now();
    for (;;) {
      try {
        // The job's log lines carry the id of the request that queued it.
        const completed = await requestContext.run(job.data.requestId ?? `job:${job.id}`, () =>
          this.runner.run(job.data, job.attemptsMade + 1),
        );
        timer({ outcome: completed ? 'completed' : 'skipped' });
        return { completed };
      } catch (e) {
        // An outage is no fault of the stage: its few attempts (seconds apart) would all be spent within it, and
        // the stage could not even be marked failed. The run waits for the database and starts again.
        if (!isOutage(e) || Date.now() - since > OUTAGE_PATIENCE_MS) {
          timer({ outcome: 'failed' });
          throw e;
        }
        this.logger.warn(
          `stage ${job.id} met an outage (${(e as Error).message}); running it again once it ends`,
        );
        await this.databaseBack();
      }
    }
  }

  /** Resolves once PostgreSQL answers again, after a pause at least (the outage may be Redis's). */
  private async databaseBack(): Promise<void> {
    for (;;) {
      await new Promise((r) => setTimeout(r, OUTAGE_POLL_MS));
      if (
        await this.db.ping().then(
          () => true,
          () => false,
        )
      )
        return;
    }
  }

  @OnQueueFailed()
  async onFailed(job: Job<StageJob>, error: Error): Promise<void> {
    if (job.name !== JobName.runStage) return;
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
