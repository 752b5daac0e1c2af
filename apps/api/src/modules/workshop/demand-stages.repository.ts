import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  STAGE_HISTORY_KEPT,
  STAGES,
  type DemandModule,
  type Stage,
  type StageInput,
  type StageOutput,
  type StagePaymentStatus,
} from '@think-tank/contracts';
import { DataSource } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { updateReturning } from '../../core/database/update-returning';
import { AppError } from '../../core/errors/app-error';
import { Demand } from './entities/demand.entity';
import { DemandStage, type StageVersion } from './entities/demand-stage.entity';
import type { LabFile } from './generation/lab-files';
import type { StageJob } from './stage-queue.service';

/** A demand with its five stage rows, locked for the length of a transaction. */
export interface Locked {
  demand: Demand;
  stages: Record<Stage, DemandStage>;
}

/** How a stage being entered is paid for. */
export type EntryPayment = Extract<StagePaymentStatus, 'Pending' | 'Waived' | 'NotRequired'>;

/**
 * The one owner of stage state (contract §8). Every transition of a stage is written here: enter, queue, pay,
 * waive, claim, complete, fail, cancel. Those the API makes act on rows it holds locked; those a payment or a job
 * makes are conditional updates on the run they are for. A stage's fee, its frozen modules and its run therefore
 * change together or not at all, whoever asks.
 */
@Injectable()
export class DemandStagesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The owner's demand and its stages under a row lock, in the caller's transaction; null when there is none. */
  async lock(tx: Tx, demandId: string, userId: string): Promise<Locked | null> {
    const demand = await tx.findOne(Demand, {
      where: { id: demandId, userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!demand) return null;
    // The history too: an edit or a revision keeps the output it replaces.
    const rows = await tx
      .createQueryBuilder(DemandStage, 's')
      .addSelect('s.history')
      .where('s.demandId = :demandId', { demandId })
      .getMany();
    return {
      demand,
      stages: Object.fromEntries(rows.map((r) => [r.stage, r])) as Record<Stage, DemandStage>,
    };
  }

  /** Writes what a change made to locked rows; a demand with a stage just queued is processing. */
  async save(tx: Tx, { demand, stages }: Locked, queued: boolean): Promise<void> {
    if (queued) demand.overallStatus = 'Processing';
    // One at a time: saved as an array, TypeORM sends their UPDATEs at once on the transaction's one connection,
    // which pg deprecates (and pg 9 refuses).
    for (const stage of Object.values(stages)) await tx.save(stage);
    demand.updatedAt = new Date();
    await tx.save(demand);
  }

  /**
   * How many of the user's demands await their start-up fee, counted under a per-user lock held to the end of the
   * caller's transaction, so that concurrent registrations count one another.
   */
  async awaitingStartupFee(tx: Tx, userId: string): Promise<number> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`new-demand:${userId}`]);
    const [{ n }] = await tx.query(
      `SELECT count(*)::int AS n FROM demands d JOIN demand_stages s ON s."demandId" = d.id AND s.stage = 'Startup'
        WHERE d."userId" = $1 AND s."paymentStatus" = 'Pending'`,
      [userId],
    );
    return n;
  }

  /** The five stages of a new demand: Startup waiting for its fee, or queued for its first run when waived. */
  async create(
    tx: Tx,
    demand: Demand,
    input: StageInput,
    startup: 'Pending' | 'Waived',
    waivedBy: string | null,
  ) {
    await tx.insert(
      DemandStage,
      STAGES.map((stage) =>
        stage === 'Startup'
          ? {
              demandId: demand.id,
              stage,
              input,
              paymentStatus: startup,
              waivedBy,
              status: startup === 'Waived' ? ('Queued' as const) : ('PendingInput' as const),
              run: startup === 'Waived' ? 1 : 0,
            }
          : { demandId: demand.id, stage },
      ),
    );
  }

  /**
   * Enters the next stage (locked): the modules selected in the stage before are frozen as what it is paid for,
   * with the buyer's stage-fee discount, and `settle` (asked once they are frozen) says how it is paid; a stage paid
   * before a revision keeps what it was paid for. It then waits for its fee or is queued; answers its job when
   * queued.
   */
  enter(
    locked: Locked,
    next: Stage,
    input: StageInput,
    terms: { discount: number; grantedBy: string | null },
    settle: () => EntryPayment,
  ): StageJob | null {
    const { demand, stages } = locked;
    const row = stages[next];
    if (row.paymentStatus !== 'Paid' && row.paymentStatus !== 'Waived') {
      row.paidModules = [...stages[demand.currentStage].selectedModules];
      row.feeDiscount = terms.discount;
      row.paymentStatus = settle();
      // The plan order that waived or discounted the fee: its refund takes that back (contract §12).
      row.waivedBy = row.paymentStatus === 'Waived' || terms.discount > 0 ? terms.grantedBy : null;
    }
    row.input = input;
    row.errorMessage = null;
    demand.currentStage = next;
    if (row.paymentStatus !== 'Pending') return this.queue(row);
    row.status = 'PendingInput';
    demand.overallStatus = 'PendingInput';
    return null;
  }

  /** A fee that turned out to be zero (locked): the stage needs no payment and is queued. */
  free(row: DemandStage): StageJob | null {
    if (row.paymentStatus !== 'Pending') return null;
    row.paymentStatus = 'NotRequired';
    return this.queue(row);
  }

  /** Marks a stage (locked) queued for a new run and answers its job; 402 when its fee was refunded. */
  queue(row: DemandStage): StageJob {
    if (row.paymentStatus === 'Pending') throw new AppError('PAYMENT_REQUIRED');
    row.status = 'Queued';
    row.errorMessage = null;
    row.run += 1;
    return { demandId: row.demandId, stage: row.stage, run: row.run };
  }

  /** An edited output (locked) replaces the stage's, the previous one kept as a version. */
  edit(row: DemandStage, output: StageOutput, selectedModules: DemandModule[]): void {
    keepVersion(row, 'edited');
    row.output = output;
    row.selectedModules = selectedModules;
  }

  /** Startup (locked) runs again on revised content, its output kept as a version; later outputs turn stale. */
  revise(locked: Locked, input: StageInput): StageJob | null {
    const startup = locked.stages.Startup;
    // Delivered, then its fee refunded: nothing runs it again unpaid. A stage awaiting its fee (never paid, or
    // refunded before it ran) takes the new content and waits for the fee as it is.
    if (startup.feeRefundedAt && startup.status === 'Completed') throw new AppError('PAYMENT_REQUIRED');
    startup.input = input;
    locked.demand.currentStage = 'Startup';
    for (const s of STAGES.slice(1)) if (locked.stages[s].output) locked.stages[s].stale = true;
    if (startup.paymentStatus === 'Pending') return null;
    keepVersion(startup, 'revised');
    return this.queue(startup);
  }

  /**
   * `Pending → Paid`, queued for a new run (the fee's payment, in its transaction); null when nothing was due. A
   * stage delivered before its fee was refunded (Completed, `Pending`) is not bought back by a stray order.
   */
  async pay(tx: Tx, demandId: string, stage: Stage): Promise<StageJob | null> {
    const [paid] = await updateReturning<{ run: number }>(
      tx,
      `UPDATE demand_stages SET "paymentStatus" = 'Paid', status = 'Queued', run = run + 1, "errorMessage" = NULL,
              "feeRefundedAt" = NULL, "updatedAt" = now()
        WHERE "demandId" = $1 AND stage = $2 AND "paymentStatus" = 'Pending' AND status = 'PendingInput'
        RETURNING run`,
      [demandId, stage],
    );
    if (!paid) return null;
    await tx.query(
      `UPDATE demands SET "overallStatus" = 'Processing', "currentStage" = $2, "updatedAt" = now() WHERE id = $1`,
      [demandId, stage],
    );
    return { demandId, stage, run: paid.run };
  }

  /**
   * `Paid → Pending`: the stage's fee was refunded (contract §11), in the refund's transaction. The row is locked
   * first, so a worker's claim or completion lands wholly before or after: a stage that completed keeps its output
   * (delivered before the refund, and still awaiting its fee should it run again); any other waits for its fee
   * (`PendingInput`), and the run it had, queued, running or failed, can no longer claim, complete or be retried.
   * Answers what the refund took back, or null when the stage was not paid.
   */
  async refundFee(tx: Tx, demandId: string, stage: Stage): Promise<'delivered' | 'unrun' | null> {
    const [row]: Pick<DemandStage, 'status' | 'paymentStatus'>[] = await tx.query(
      `SELECT status, "paymentStatus" FROM demand_stages WHERE "demandId" = $1 AND stage = $2 FOR UPDATE`,
      [demandId, stage],
    );
    if (row?.paymentStatus !== 'Paid') return null;
    if (row.status === 'Completed') {
      await tx.query(
        `UPDATE demand_stages SET "paymentStatus" = 'Pending', "feeRefundedAt" = now(), "updatedAt" = now()
          WHERE "demandId" = $1 AND stage = $2`,
        [demandId, stage],
      );
      return 'delivered';
    }
    await tx.query(
      `UPDATE demand_stages SET "paymentStatus" = 'Pending', status = 'PendingInput', "errorMessage" = NULL,
              "feeRefundedAt" = now(), "updatedAt" = now()
        WHERE "demandId" = $1 AND stage = $2`,
      [demandId, stage],
    );
    await tx.query(
      `UPDATE demands SET "overallStatus" = 'PendingInput', "updatedAt" = now()
        WHERE id = $1 AND "currentStage" = $2 AND "overallStatus" <> 'Archived'`,
      [demandId, stage],
    );
    return 'unrun';
  }

  /**
   * A refunded plan order takes back what its period gave (contract §12), in the refund's transaction: a stage it
   * waived waits for its full fee (one that completed keeps its output, delivered, and waits for the fee should it
   * run again), and a stage still awaiting its fee loses the discount. Paid fees stay paid.
   */
  async takeBackWaivers(tx: Tx, planOrderId: string): Promise<void> {
    const takenBack = await updateReturning<{ demandId: string; stage: Stage; status: string }>(
      tx,
      `UPDATE demand_stages SET "paymentStatus" = 'Pending', "feeDiscount" = 0, "waivedBy" = NULL,
              "feeRefundedAt" = now(), "updatedAt" = now(),
              status = CASE WHEN status = 'Completed' THEN status ELSE 'PendingInput' END,
              "errorMessage" = CASE WHEN status = 'Completed' THEN "errorMessage" END
        WHERE "waivedBy" = $1 AND "paymentStatus" = 'Waived'
        RETURNING "demandId", stage, status`,
      [planOrderId],
    );
    await tx.query(
      `UPDATE demand_stages SET "feeDiscount" = 0, "waivedBy" = NULL, "updatedAt" = now()
        WHERE "waivedBy" = $1 AND "paymentStatus" = 'Pending'`,
      [planOrderId],
    );
    const waiting = takenBack.filter((r) => r.status !== 'Completed');
    if (waiting.length)
      await tx.query(
        `UPDATE demands d SET "overallStatus" = 'PendingInput', "updatedAt" = now()
           FROM unnest($1::uuid[], $2::varchar[]) AS q("demandId", stage)
          WHERE d.id = q."demandId" AND d."currentStage" = q.stage AND d."overallStatus" <> 'Archived'`,
        [waiting.map((r) => r.demandId), waiting.map((r) => r.stage)],
      );
  }

  /** The stages a plan order's period waived or discounted, with what their fees were to be priced from. */
  grantedBy(planOrderId: string): Promise<DemandStage[]> {
    return this.db
      .getRepository(DemandStage)
      .find({ where: { waivedBy: planOrderId }, order: { updatedAt: 'ASC' } });
  }

  /**
   * A job claims its run: only while the stage is queued or processing that very run, or failed in it (support
   * retrying the failed job from the queue runs that same run once more). Null when the job is not current.
   */
  async claim(job: StageJob): Promise<DemandStage | null> {
    const [claimed] = await updateReturning<DemandStage>(
      this.db,
      `UPDATE demand_stages SET status = 'Processing', "updatedAt" = now()
        WHERE "demandId" = $1 AND stage = $2 AND run = $3 AND status IN ('Queued', 'Processing', 'Error')
        RETURNING *`,
      [job.demandId, job.stage, job.run],
    );
    if (!claimed) return null;
    await this.db.query(
      `UPDATE demands SET "overallStatus" = 'Processing', "updatedAt" = now() WHERE id = $1 AND "overallStatus" <> 'Archived'`,
      [job.demandId],
    );
    return claimed;
  }

  /**
   * `Processing → Completed` for the job's run, with the output before it kept as a version (the last
   * STAGE_HISTORY_KEPT), its lab files written (a path written before is replaced) and the demand completed; false
   * when the run is no longer the stage's.
   */
  async complete(tx: Tx, job: StageJob, output: StageOutput, files: LabFile[]): Promise<boolean> {
    const done = await updateReturning<DemandStage>(
      tx,
      `UPDATE demand_stages
          SET status = 'Completed', output = $4, "errorMessage" = NULL, stale = false, "updatedAt" = now(),
              history = CASE WHEN output IS NULL THEN history
                             ELSE (SELECT jsonb_agg(v ORDER BY i) FROM jsonb_array_elements(
                                     history || jsonb_build_array(jsonb_build_object(
                                       'output', output, 'selectedModules', "selectedModules",
                                       'savedAt', now(), 'reason', 'regenerated'))
                                   ) WITH ORDINALITY AS kept(v, i)
                                   WHERE i > jsonb_array_length(history) + 1 - $5) END
        WHERE "demandId" = $1 AND stage = $2 AND run = $3 AND status = 'Processing' RETURNING stage`,
      [job.demandId, job.stage, job.run, JSON.stringify(output), STAGE_HISTORY_KEPT],
    );
    if (!done.length) return false;
    for (const file of files)
      await tx.query(
        `INSERT INTO demand_files ("demandId", path, stage, content) VALUES ($1, $2, $3, $4)
         ON CONFLICT ("demandId", path) DO UPDATE SET content = EXCLUDED.content, stage = EXCLUDED.stage,
           "createdAt" = now()`,
        [job.demandId, file.path, job.stage, file.content],
      );
    await tx.query(
      `UPDATE demands SET "overallStatus" = CASE WHEN "overallStatus" = 'Archived' THEN 'Archived' ELSE 'Completed' END,
              "updatedAt" = now() WHERE id = $1`,
      [job.demandId],
    );
    return true;
  }

  /** Which of these stages have completed, as `demandId:stage`. */
  async completed(stages: { demandId: string; stage: Stage }[]): Promise<Set<string>> {
    const rows: { key: string }[] = await this.db.query(
      `SELECT ds."demandId" || ':' || ds.stage AS key FROM demand_stages ds
         JOIN unnest($1::uuid[], $2::varchar[]) AS q("demandId", stage)
           ON ds."demandId" = q."demandId" AND ds.stage = q.stage
        WHERE ds.status = 'Completed'`,
      [stages.map((s) => s.demandId), stages.map((s) => s.stage)],
    );
    return new Set(rows.map((r) => r.key));
  }

  /** The job's run (queued or processing) and its demand turn Error together; false when it is not current. */
  async fail(tx: Tx, job: StageJob, reason: string): Promise<boolean> {
    const failed = await updateReturning<DemandStage>(
      tx,
      `UPDATE demand_stages SET status = 'Error', "errorMessage" = $4, "updatedAt" = now()
        WHERE "demandId" = $1 AND stage = $2 AND run = $3 AND status IN ('Queued', 'Processing') RETURNING stage`,
      [job.demandId, job.stage, job.run, reason],
    );
    if (!failed.length) return false;
    await tx.query(
      `UPDATE demands SET "overallStatus" = 'Error', "updatedAt" = now() WHERE id = $1 AND "overallStatus" <> 'Archived'`,
      [job.demandId],
    );
    return true;
  }

  /** Runs left queued or processing, unchanged for `idleSeconds`: their jobs may have been lost. */
  async unfinished(idleSeconds = 0): Promise<StageJob[]> {
    return this.db.query(
      `SELECT "demandId", stage, run FROM demand_stages
        WHERE status IN ('Queued', 'Processing') AND "updatedAt" < now() - make_interval(secs => $1)`,
      [idleSeconds],
    ) as Promise<StageJob[]>;
  }
}

/** Pushes the stage's current output onto its history (the last STAGE_HISTORY_KEPT) before it changes. */
function keepVersion(row: DemandStage, reason: StageVersion['reason']): void {
  if (!row.output) return;
  row.history = [
    ...row.history,
    { output: row.output, selectedModules: row.selectedModules, savedAt: new Date().toISOString(), reason },
  ].slice(-STAGE_HISTORY_KEPT);
}
