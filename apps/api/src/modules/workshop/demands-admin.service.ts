import { Injectable } from '@nestjs/common';
import {
  STAGES,
  type AdminDemand,
  type AdminPage,
  type OverallStatus,
  type PriceInfo,
  type SolutionCitations,
  type Stage,
} from '@think-tank/contracts';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { DemandDeliverablesRepository } from './demand-deliverables.repository';
import { feeDue } from './demand-detail';
import { DemandStagesRepository } from './demand-stages.repository';
import { WorkshopService } from './workshop.service';
import { DemandsRepository } from './demands.repository';

/** Every user's demands as support sees them (contract §9): the list with each stage's state, and a retry. */
@Injectable()
export class DemandsAdminService {
  constructor(
    private readonly transactions: Transactions,
    private readonly demands: DemandsRepository,
    private readonly store: WorkshopService,
    private readonly audit: AuditLog,
    private readonly deliverables: DemandDeliverablesRepository,
    private readonly stageState: DemandStagesRepository,
  ) {}

  /**
   * What a plan order's period gave in the workshop, for support to see before refunding it: the stages it waived,
   * and the fees it waived or took off (in CNY, the workshop's own currency).
   */
  async planUse(planOrderId: string): Promise<{ stagesWaived: number; feesWaived: PriceInfo }> {
    const stages = await this.stageState.grantedBy(planOrderId);
    let amount = 0;
    for (const s of stages) {
      const full = feeDue(s.stage, [{ ...s, feeDiscount: 0 }], 'CNY').amount;
      amount += s.paymentStatus === 'Waived' ? full : full - feeDue(s.stage, [s], 'CNY').amount;
    }
    return {
      stagesWaived: stages.filter((s) => s.paymentStatus === 'Waived').length,
      feesWaived: { amount, currency: 'CNY' },
    };
  }

  /** The solutions deliverables cite most (the console's solutions tab). */
  mostCitedSolutions(limit = 10): Promise<SolutionCitations[]> {
    return this.deliverables.mostCited(limit);
  }

  /** Newest update first. */
  async list(
    status: OverallStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<AdminPage<AdminDemand>> {
    // One snapshot, as in the owner's detail: a demand's status and its stages' agree.
    const { rows, total, stages } = await this.transactions.run('REPEATABLE READ', (tx) =>
      this.demands.adminPage(tx, status, page, pageSize),
    );
    return {
      items: rows.map((d) => ({
        _id: d.id,
        userId: d.userId,
        name: d.name,
        labName: d.labName,
        currentStage: d.currentStage,
        overallStatus: d.overallStatus,
        stages: STAGES.map((stage) => {
          const r = stages.find((x) => x.demandId === d.id && x.stage === stage);
          return { stage, status: r?.status ?? 'NotStarted', errorMessage: r?.errorMessage ?? null };
        }),
        updatedAt: d.updatedAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }

  /** Retries a failed stage for its owner, audited in the same transaction. */
  async retryStage(actorId: string, demandId: string, stage: Stage): Promise<void> {
    const demand = isUuid(demandId) ? await this.demands.byId(demandId) : null;
    if (!demand) throw new AppError('NOT_FOUND');
    await this.store.requeueFailed({ id: demand.userId }, demandId, stage, (tx) =>
      this.audit.record(tx, {
        actorId,
        action: 'demand.retry-stage',
        targetType: 'demand',
        targetId: demandId,
        details: { stage },
      }),
    );
  }
}
