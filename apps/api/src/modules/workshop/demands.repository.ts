import { containing } from '../../core/database/like';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OverallStatus, Stage } from '@think-tank/contracts';
import { In, Repository, type DeepPartial } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { DemandStage } from './entities/demand-stage.entity';
import { Demand } from './entities/demand.entity';

/**
 * Demands and their stages as readers ask for them (the owner's list and detail, support's list, the runner's
 * reads). How a stage moves is DemandStagesRepository's; what the stages delivered is DemandDeliverablesRepository's.
 */
@Injectable()
export class DemandsRepository {
  constructor(@InjectRepository(Demand) private readonly demands: Repository<Demand>) {}

  byId(id: string, tx: Tx = this.demands.manager): Promise<Demand | null> {
    return tx.findOneBy(Demand, { id });
  }

  /** The user's demand; null for another user's. `lock` takes its row for the transaction. */
  ownedBy(
    id: string,
    userId: string,
    tx: Tx = this.demands.manager,
    lock?: 'pessimistic_write',
  ): Promise<Demand | null> {
    return tx.findOne(Demand, { where: { id, userId }, ...(lock && { lock: { mode: lock } }) });
  }

  async setQuestions(tx: Tx, id: string, questions: Demand['questions']): Promise<void> {
    await tx.update(Demand, { id }, { questions });
  }

  stagesOf(demandId: string, tx: Tx = this.demands.manager): Promise<DemandStage[]> {
    return tx.findBy(DemandStage, { demandId });
  }

  insert(tx: Tx, fields: DeepPartial<Demand>): Promise<Demand> {
    return tx.save(tx.create(Demand, fields));
  }

  /** Deletes the user's demand with its stages, events and files (cascades); its orders stay for accounting. */
  async remove(id: string, userId: string): Promise<void> {
    await this.demands.delete({ id, userId });
  }

  /** A page of the owner's demands, newest update first; archived ones only when asked for by status. */
  pageOf(
    userId: string,
    filter: { status?: OverallStatus; stage?: Stage; query?: string },
    page: number,
    pageSize: number,
  ): Promise<[Demand[], number]> {
    const q = this.demands
      .createQueryBuilder('d')
      .where('d.userId = :userId', { userId })
      .orderBy('d.updatedAt', 'DESC')
      .skip((page - 1) * pageSize)
      .take(pageSize);
    if (filter.status) q.andWhere('d.overallStatus = :status', { status: filter.status });
    else q.andWhere(`d.overallStatus <> 'Archived'`);
    if (filter.stage) q.andWhere('d.currentStage = :stage', { stage: filter.stage });
    if (filter.query) q.andWhere(`d.name ILIKE :name ESCAPE '\\'`, { name: containing(filter.query) });
    return q.getManyAndCount();
  }

  /** Support's page of every user's demands, newest update first, with their stages, read in one snapshot. */
  async adminPage(
    tx: Tx,
    status: OverallStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ rows: Demand[]; total: number; stages: DemandStage[] }> {
    const [rows, total] = await tx.findAndCount(Demand, {
      where: status ? { overallStatus: status } : {},
      order: { updatedAt: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const stages = rows.length ? await tx.findBy(DemandStage, { demandId: In(rows.map((d) => d.id)) }) : [];
    return { rows, total, stages };
  }
}
