import { Injectable } from '@nestjs/common';
import {
  CatalogueItem,
  STAGES,
  nextStage,
  overallStatusOf,
  type AdvanceResponse,
  currencyFor,
  type DemandDetail,
  type DemandEventPayload,
  type DemandListItem,
  type DemandModule,
  type Language,
  type PriceInfo,
  type RegisterDemandResponse,
  type Stage,
  type StageInput,
  type StageOutput,
  type StageStatus,
} from '@think-tank/contracts';
import { randomBytes } from 'node:crypto';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { RateLimiter } from '../../core/redis/rate-limiter.service';
import { AppConfig } from '../../core/config/app-config';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { AuthService } from '../auth';
import { SubscriptionsService, type WorkshopTerms } from '../billing';
import { feeDue, toDemandDetail } from './demand-detail';
import { toDemandListItem } from './dto/demand-list-item';
import { DemandEventsService } from './demand-events.service';
import { DemandMessage } from './workshop.messages';
import { askedOf, questionsFor, renderQuestions } from './generation/clarifying-questions';
import { languageOfText } from './generation/demand-text';
import type { DemandContentDto, DemandListQuery, DemandRequestDto, StageDataDto } from './dto/demand.dto';
import { DemandsRepository } from './demands.repository';
import type { Demand } from './entities/demand.entity';
import { DemandStagesRepository, type Locked } from './demand-stages.repository';
import { refuseIllegal } from './illegal-content';
import { stageDataProblems } from './stage-output';
import type { Requester } from './requester';
import { StageQueue, type StageJob } from './stage-queue.service';

/** The output fields the stage editor changes; the rest (links into the lab, cited solutions) stay the server's. */
const EDITED_FIELDS = ['summary', 'solution', 'quantified_metrics', 'achieves', 'suggested_modules'] as const;

/** New demands per user an hour, and demands awaiting their start-up fee at once (contract §11). */
const NEW_DEMAND_LIMIT = { max: 20, windowSeconds: 3600 };
const AWAITING_FEE_MAX = 10;
/** Saves of edited outputs per user. */
const STAGE_SAVE_LIMIT = { max: 60, windowSeconds: 600 };
/** Revisions per user an hour: each runs Startup again (a language model's cost) for the one start-up fee. */
const REVISE_LIMIT = { max: 10, windowSeconds: 3600 };
/** Stages whose fee is per module selected in the stage before: entering one needs at least one. */
const PER_MODULE_STAGES: Stage[] = ['Preparation', 'Opening'];
/** While the next stage is in one of these, the stage before it keeps the selection it was priced from. */
const LOCKING_STATUSES: StageStatus[] = ['PendingInput', 'Queued', 'Processing'];

/**
 * The requirements workshop's state machine (contract §8): demands, their stages, fees and runs. Stage jobs
 * are enqueued only after the transaction that queued them commits.
 */
@Injectable()
export class WorkshopService {
  constructor(
    private readonly transactions: Transactions,
    private readonly demands: DemandsRepository,
    private readonly stageState: DemandStagesRepository,
    private readonly auth: AuthService,
    private readonly subscriptions: SubscriptionsService,
    private readonly queue: StageQueue,
    private readonly events: DemandEventsService,
    private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  /** A demand waiting for its start-up fee (contract §8 register-demand). */
  async register(who: Requester, dto: DemandRequestDto, lang: Language): Promise<RegisterDemandResponse> {
    const demand = await this.transactions.run((tx) => this.create(tx, who, dto, 'Pending'));
    return {
      demandId: demand.id,
      needsPayment: true,
      productInfo: { isValid: CatalogueItem.demandStartup.isValid, name: DemandMessage.startupProduct[lang] },
      message: DemandMessage.registered[lang],
      questions: askedOf(demand, lang),
    };
  }

  /** A page of the owner's demands, newest update first, and how many there are in all. */
  async list(who: Requester, query: DemandListQuery): Promise<{ items: DemandListItem[]; total: number }> {
    const [rows, total] = await this.demands.pageOf(who.id, query, query.page, query.pageSize);
    return { items: rows.map(toDemandListItem), total };
  }

  /** The demand as its owner sees it; `terms` when the caller already asked what the owner's plans give. */
  async detail(
    who: Requester,
    demandId: string,
    lang: Language,
    terms?: WorkshopTerms,
  ): Promise<DemandDetail> {
    // One snapshot: the worker turns a stage and its demand Error or Completed in one transaction.
    const { demand, rows } = await this.transactions.run('REPEATABLE READ', async (tx) => ({
      demand: await this.own(who.id, demandId, tx),
      rows: await this.demands.stagesOf(demandId, tx),
    }));
    // The next stage's quote carries the discount the reader's plan would freeze into it now.
    const { vip, discount } = terms ?? (await this.terms(who));
    return {
      ...toDemandDetail(demand, rows, vip, currencyFor(lang), this.config.operationStageOpen, discount),
      questions: renderQuestions(demand.questions, lang),
    };
  }

  async history(who: Requester, demandId: string, after?: number): Promise<DemandEventPayload[]> {
    await this.own(who.id, demandId);
    return this.events.history(demandId, after);
  }

  /** Enters the next stage with its input: queued at once, or waiting for its fee (contract §8 advance). */
  async advance(
    who: Requester,
    demandId: string,
    input: StageInput,
    lang: Language,
  ): Promise<AdvanceResponse> {
    let fee: PriceInfo | undefined;
    const terms = await this.terms(who);
    await this.mutate(who, demandId, async (locked, queue) => {
      const { demand, stages } = locked;
      const current = stages[demand.currentStage];
      const next = nextStage(demand.currentStage);
      if (!next) throw new AppError('NO_NEXT_STAGE');
      if (current.status !== 'Completed' || demand.overallStatus === 'Archived')
        throw new AppError('STAGE_NOT_COMPLETED');
      if (next === 'Operation' && !this.config.operationStageOpen) throw new AppError('STAGE_NOT_OPEN');
      if (PER_MODULE_STAGES.includes(next) && current.selectedModules.length === 0)
        throw new AppError('NO_MODULES_SELECTED');
      // Priced once, from the modules just frozen for the stage; the fee is answered only while it is awaited.
      const job = this.stageState.enter(locked, next, input, terms, () => {
        if (terms.vip) return 'Waived';
        const due = feeDue(next, Object.values(stages), currencyFor(lang));
        if (due.amount === 0) return 'NotRequired';
        fee = due;
        return 'Pending';
      });
      queue(job);
    });
    const detail = await this.detail(who, demandId, lang, terms);
    return fee ? { ...detail, fee } : detail;
  }

  /** Runs a failed stage again (contract §8 retry-stage). */
  async retry(who: Requester, demandId: string, stage: Stage, lang: Language): Promise<DemandDetail> {
    await this.requeueFailed(who, demandId, stage);
    return this.detail(who, demandId, lang);
  }

  /**
   * Queues a failed stage of the owner's demand again, as a new run (409 `STAGE_NOT_FAILED` otherwise); support's
   * retry records its audit entry in the same transaction.
   */
  async requeueFailed(
    who: Requester,
    demandId: string,
    stage: Stage,
    alsoInTransaction?: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    await this.mutate(
      who,
      demandId,
      async ({ stages }, queue) => {
        // A stage whose fee was refunded (contract §11) waits for it again, whatever it was.
        if (stages[stage].feeRefundedAt) throw new AppError('PAYMENT_REQUIRED');
        if (stages[stage].status !== 'Error') throw new AppError('STAGE_NOT_FAILED');
        queue(this.stageState.queue(stages[stage]));
      },
      alsoInTransaction,
    );
  }

  /** New content for the demand: Startup runs again, later outputs stay as history, marked stale. */
  async revise(who: Requester, demandId: string, stage: Stage, dto: DemandContentDto, lang: Language) {
    if (stage !== 'Startup') throw AppError.validation([{ field: 'stage', key: 'fieldInvalid' }]);
    refuseIllegal(dto.content, dto.keyValuePoints);
    await this.limiter.take({ key: `revise:${who.id}`, ...REVISE_LIMIT });
    await this.mutate(who, demandId, async (locked, queue) => {
      if (
        STAGES.some((s) => locked.stages[s].status === 'Queued' || locked.stages[s].status === 'Processing')
      )
        throw new AppError('CONFLICT');
      Object.assign(locked.demand, { content: dto.content, keyValuePoints: dto.keyValuePoints });
      queue(this.stageState.revise(locked, { content: dto.content, keyValuePoints: dto.keyValuePoints }));
    });
    return this.detail(who, demandId, lang);
  }

  /** Saves an edited output and the module selection; the previous version is kept (contract §8). */
  async saveStageData(who: Requester, demandId: string, stage: Stage, dto: StageDataDto, lang: Language) {
    const problems = stageDataProblems(dto.output, dto.selectedModules);
    if (problems.length) throw AppError.validation(problems);
    // Each save keeps a version (the last 20): a script saving in a loop is refused rather than churning them.
    await this.limiter.take({ key: `stage-data:${who.id}`, ...STAGE_SAVE_LIMIT });
    await this.mutate(who, demandId, async ({ stages }) => {
      const row = stages[stage];
      if (row.status !== 'Completed' || !row.output) throw new AppError('STAGE_NOT_COMPLETED');
      // The next stage was priced from this selection and is waiting for its payment or being generated.
      const next = nextStage(stage);
      if (next && LOCKING_STATUSES.includes(stages[next].status)) throw new AppError('STAGE_LOCKED');
      const edited = dto.output as unknown as StageOutput;
      const fields = Object.fromEntries(EDITED_FIELDS.map((k) => [k, edited[k] ?? []]));
      this.stageState.edit(row, { ...row.output, ...fields }, dto.selectedModules as DemandModule[]);
    });
    return this.detail(who, demandId, lang);
  }

  async archive(who: Requester, demandId: string, lang: Language): Promise<DemandDetail> {
    await this.mutate(who, demandId, async ({ demand }) => {
      demand.overallStatus = 'Archived';
    });
    return this.detail(who, demandId, lang);
  }

  /**
   * Takes the demand out of the archive, with the status its current stage has now (stages went on while it was
   * archived: the archive only hid it). A demand not archived is answered as it is.
   */
  async unarchive(who: Requester, demandId: string, lang: Language): Promise<DemandDetail> {
    if ((await this.own(who.id, demandId)).overallStatus !== 'Archived')
      return this.detail(who, demandId, lang);
    await this.mutate(who, demandId, async ({ demand, stages }) => {
      if (demand.overallStatus === 'Archived')
        demand.overallStatus = overallStatusOf(stages[demand.currentStage as Stage].status as StageStatus);
    });
    return this.detail(who, demandId, lang);
  }

  /** Deletes the demand with its stages, events and files; its orders stay for accounting. */
  async remove(who: Requester, demandId: string): Promise<void> {
    await this.own(who.id, demandId);
    await this.demands.remove(demandId, who.id);
  }

  /** The owner's demand, or 404 as if it did not exist. */
  async own(userId: string, demandId: string, tx?: Tx): Promise<Demand> {
    const demand = isUuid(demandId) ? await this.demands.ownedBy(demandId, userId, tx) : null;
    if (!demand) throw new AppError('NOT_FOUND');
    return demand;
  }

  async create(
    tx: Tx,
    who: Requester,
    dto: DemandRequestDto,
    startupPayment: 'Pending' | 'Waived',
    /** The plan order whose VIP quota waived the start-up fee. */
    waivedBy: string | null = null,
  ): Promise<Demand> {
    refuseIllegal(dto.content, dto.keyValuePoints);
    await this.limiter.take({ key: `new-demands:${who.id}`, ...NEW_DEMAND_LIMIT });
    if (
      startupPayment === 'Pending' &&
      (await this.stageState.awaitingStartupFee(tx, who.id)) >= AWAITING_FEE_MAX
    )
      throw new AppError('TOO_MANY_PENDING_DEMANDS');
    const demand = await this.demands.insert(tx, {
      userId: who.id,
      name: dto.name,
      labName: `lab-${randomBytes(8).toString('hex')}`,
      content: dto.content,
      keyValuePoints: dto.keyValuePoints,
      outputLanguage: dto.outputLanguage ?? languageOfText(`${dto.content}\n${dto.keyValuePoints}`),
      questions: questionsFor(`${dto.content}\n${dto.keyValuePoints}`).map((id) => ({ id, answer: null })),
      currentStage: 'Startup',
      overallStatus: startupPayment === 'Waived' ? 'Processing' : 'PendingInput',
    });
    const input = { content: dto.content, keyValuePoints: dto.keyValuePoints };
    await this.stageState.create(tx, demand, input, startupPayment, waivedBy);
    return demand;
  }

  /**
   * Runs `change` on the owner's demand and stages under a row lock, saves what it changed and then enqueues
   * the jobs it queued: the jobs never run ahead of the state that asks for them.
   */
  async mutate(
    who: Requester,
    demandId: string,
    change: (locked: Locked, queue: (job: StageJob | null) => void) => Promise<void>,
    alsoInTransaction?: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    if (!isUuid(demandId)) throw new AppError('NOT_FOUND');
    const jobs: StageJob[] = [];
    await this.transactions.run(async (tx) => {
      const locked = await this.stageState.lock(tx, demandId, who.id);
      if (!locked) throw new AppError('NOT_FOUND');
      await change(locked, (job) => job && jobs.push(job));
      await this.stageState.save(tx, locked, jobs.length > 0);
      await alsoInTransaction?.(tx);
    });
    for (const job of jobs) await this.queue.enqueue({ ...job, requestId: who.requestId });
  }

  /** What the owner's role and plans give in the workshop now, as the database has them. */
  async terms(who: Requester): Promise<WorkshopTerms> {
    const role = await this.auth.roleOf(who.id);
    if (!role) return { vip: false, discount: 0, grantedBy: null };
    return this.subscriptions.workshopTerms({ id: who.id, role });
  }
}
