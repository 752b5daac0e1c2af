import { Inject, Injectable, Logger } from '@nestjs/common';
import { STAGE_SWEEP_REPORT_KEY, type StageSweepReport } from '@think-tank/contracts';
import type Redis from 'ioredis';
import { REDIS } from '../../../core/redis/redis.provider';
import { DemandStagesRepository } from '../demand-stages.repository';
import { StageQueue, STAGE_JOB_ATTEMPTS, stageJobId } from '../stage-queue.service';
import { StageRunner } from '../stage-runner.service';

/** A stage untouched this long is swept; younger ones may be between their commit and their enqueue. */
export const SWEEP_IDLE_SECONDS = 120;
/**
 * A job that ended this recently is its worker's to record (its failure handler runs right after Bull moves it):
 * swept only once it is older, so that a sweep at start-up never races the handler with a vaguer message.
 */
const FINISHED_GRACE_MS = 30_000;
const JOB_LOST = '生成任务已中断，未能完成，请重试该阶段。';
const LISTED = 20;

/**
 * No stage stuck in `Queued` or `Processing` (issue: a job lost with Redis, or failed while no worker heard it):
 * a run whose job Bull no longer has is queued again (the same job id, so a live twin is never doubled), and a
 * run whose job already ended ends in `Error` with a readable message, an event and a message to the user.
 */
@Injectable()
export class StageSweeper {
  private readonly logger = new Logger(StageSweeper.name);

  constructor(
    private readonly stageState: DemandStagesRepository,
    private readonly queue: StageQueue,
    private readonly runner: StageRunner,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async sweep(idleSeconds = SWEEP_IDLE_SECONDS): Promise<StageSweepReport> {
    const report: StageSweepReport = { at: new Date().toISOString(), checked: 0, requeued: [], errored: [] };
    for (const job of await this.stageState.unfinished(idleSeconds)) {
      report.checked += 1;
      const { state, finishedOn } = await this.queue.stateOf(job);
      const heardLong = Date.now() - (finishedOn ?? 0) > FINISHED_GRACE_MS;
      if (state === 'missing') {
        await this.queue.enqueue(job);
        report.requeued.push(stageJobId(job));
      } else if ((state === 'failed' || state === 'completed') && heardLong) {
        await this.runner.failed(job, new Error(JOB_LOST), STAGE_JOB_ATTEMPTS, STAGE_JOB_ATTEMPTS, true);
        report.errored.push(stageJobId(job));
      }
    }
    if (report.requeued.length || report.errored.length)
      this.logger.warn(
        `stage sweep: ${report.requeued.length} re-queued, ${report.errored.length} ended in Error`,
      );
    const kept = {
      ...report,
      requeued: report.requeued.slice(0, LISTED),
      errored: report.errored.slice(0, LISTED),
    };
    await this.redis.set(STAGE_SWEEP_REPORT_KEY, JSON.stringify(kept));
    return report;
  }
}
