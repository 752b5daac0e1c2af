import { answersOf } from './generation/clarifying-questions';
import { Injectable, Logger } from '@nestjs/common';
import {
  STAGE_NAMES,
  STAGES,
  WebRoute,
  type RelatedSolutionCitation,
  type StageInput,
} from '@think-tank/contracts';
import { Transactions } from '../../core/database/transactions.service';
import { Messages, NotificationsService } from '../notifications';
import { RelatedSolutionsService } from '../solutions';
import { DemandEventsService, type ProgressLine } from './demand-events.service';
import { DemandStagesRepository } from './demand-stages.repository';
import { DemandsRepository } from './demands.repository';
import type { Demand } from './entities/demand.entity';
import type { DemandStage } from './entities/demand-stage.entity';
import { keyPhrases } from './generation/demand-analysis';
import { composeLab } from './generation/lab-files';
import { StageGenerator } from './generation/stage-generator';
import type { StageJob } from './stage-queue.service';

/**
 * Runs one stage job in the worker. Idempotent: a job claims its run only while the stage is queued or
 * processing that very run, and completes it with a conditional update in the transaction that writes the
 * files, so a duplicate, a retry or a stalled job picked up again finishes the stage exactly once.
 */
@Injectable()
export class StageRunner {
  private readonly logger = new Logger(StageRunner.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly demands: DemandsRepository,
    private readonly stageState: DemandStagesRepository,
    private readonly generator: StageGenerator,
    private readonly events: DemandEventsService,
    private readonly notifications: NotificationsService,
    private readonly library: RelatedSolutionsService,
  ) {}

  /**
   * The library's solutions most related to the demand and this stage's input: the demand's key phrases through
   * the library's search, the most phrases matched first, each with why. Recomputed on every run, so a solution
   * deleted since is no longer cited.
   */
  private async citations(demand: Demand, input: StageInput | null): Promise<RelatedSolutionCitation[]> {
    const text = [demand.content, demand.keyValuePoints, input?.genericInput ?? ''].join('\n');
    const found = await this.library.related(keyPhrases(text, 8), 5);
    const lang = demand.outputLanguage;
    return found.map((s) => ({
      id: s.id,
      name: s.name,
      reason:
        lang === 'en'
          ? `Shares the demand's key words: ${s.matched.join(', ')}`
          : `与需求共有关键词：${s.matched.join('、')}`,
    }));
  }

  /**
   * Answers false when the job is not (or no longer) this stage's current run. A failed run may be claimed
   * again: support retrying the failed job from the queue runs that same run once more.
   */
  async run(job: StageJob, attempt: number): Promise<boolean> {
    const claimed = await this.stageState.claim(job);
    if (!claimed) return false;
    const demand = await this.demands.byId(job.demandId);
    if (!demand) return false;
    const say = (messageType: 'IMPORTANT' | 'DETAIL' | 'WARNING', line: ProgressLine) =>
      this.events.publish(job.demandId, job.stage, 'demand_progress', messageType, line);
    await say('IMPORTANT', {
      key: 'started',
      params: { stage: job.stage },
      details: attempt > 1 ? `第 ${attempt} 次尝试` : undefined,
    });

    const stages = await this.demands.stagesOf(job.demandId);
    // The stage before contributes the modules this stage was priced from (frozen on advance), not its selection now.
    const before = STAGES[STAGES.indexOf(job.stage) - 1];
    const paidFor = claimed.paidModules;
    const earlier = STAGES.slice(0, STAGES.indexOf(job.stage))
      .map((s) => stages.find((r) => r.stage === s))
      .filter((r): r is DemandStage => !!r?.output)
      .map((r) => ({
        stage: r.stage,
        output: r.output!,
        selectedModules: r.stage === before && paidFor ? paidFor : r.selectedModules,
      }));
    const generated = await this.generator.generate(
      {
        demand: {
          name: demand.name,
          content: demand.content,
          keyValuePoints: demand.keyValuePoints,
          language: demand.outputLanguage,
          answers: answersOf(demand.questions, demand.outputLanguage),
        },
        stage: job.stage,
        input: claimed.input,
        previous: earlier,
      },
      (key, params, details, type = 'DETAIL') => say(type, { key, params, details }),
    );
    generated.related_solutions = await this.citations(demand, claimed.input);
    const { output, files } = composeLab(demand, job.stage, generated, earlier);

    const finished = await this.transactions.run(async (tx) => {
      if (!(await this.stageState.complete(tx, job, output, files))) return null;
      const { demandId, stage } = job;
      const paths = files.map((f) => f.path).join(', ');
      const events = [
        await this.events.record(tx, demandId, stage, 'demand_progress', 'DETAIL', {
          key: 'filesWritten',
          params: { count: files.length },
          details: paths,
        }),
        // Contract §8: 处理完成 as IMPORTANT progress, then exactly one demand_completed.
        await this.events.record(tx, demandId, stage, 'demand_progress', 'IMPORTANT', { key: 'finished' }),
        await this.events.record(tx, demandId, stage, 'demand_completed', 'COMPLETED', { key: 'finished' }),
      ];
      const message = await this.notifications.write(
        tx,
        [demand.userId],
        Messages.stageCompleted(demand.name, STAGE_NAMES[job.stage], WebRoute.demand(demand.id)),
      );
      return { events, message };
    });
    if (!finished) return false;
    for (const push of finished.events) push();
    await finished.message().catch((e: Error) => this.logger.warn(`stage message push failed: ${e.message}`));
    this.logger.log(`demand ${job.demandId} ${job.stage} run ${job.run} completed`);
    return true;
  }

  /** A failed attempt: a warning while Bull retries it, then (`final`) Error with a readable message. */
  async failed(
    job: StageJob,
    error: Error,
    attempt: number,
    attempts: number,
    final: boolean,
  ): Promise<void> {
    const reason = readable(error);
    if (!final) {
      await this.events.publish(job.demandId, job.stage, 'demand_progress', 'WARNING', {
        key: 'retrying',
        params: { attempt, of: attempts, reason },
      });
      return;
    }
    // The stage and the demand turn Error together: nobody reads one without the other.
    const push = await this.transactions.run(async (tx) => {
      if (!(await this.stageState.fail(tx, job, reason))) return undefined;
      const event = await this.events.record(tx, job.demandId, job.stage, 'demand_error', 'ERROR', {
        key: 'failed',
        params: { reason },
      });
      const demand = await this.demands.byId(job.demandId, tx);
      const message = demand
        ? await this.notifications.write(
            tx,
            [demand.userId],
            Messages.stageFailed(demand.name, STAGE_NAMES[job.stage], reason, WebRoute.demand(demand.id)),
          )
        : null;
      return { event, message };
    });
    if (push === undefined) return;
    push.event();
    await push.message?.().catch((e: Error) => this.logger.warn(`stage message push failed: ${e.message}`));
    this.logger.warn(`demand ${job.demandId} ${job.stage} run ${job.run} failed: ${reason}`);
  }
}

/** An error's message as a user may read it: one line, no stack, bounded. */
function readable(error: Error): string {
  const line = (error.message || error.name || '未知错误').split('\n')[0];
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
