import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { VipApplicationStatus } from '@think-tank/contracts';
import { Repository, type DeepPartial } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { decidePending } from '../../core/database/decide-pending';
import type { Tx } from '../../core/database/transactions.service';
import { User } from './entities/user.entity';
import { VipApplication } from './entities/vip-application.entity';

/** VIP applications, and each one's decision (made once). */
@Injectable()
export class VipApplicationsRepository {
  constructor(@InjectRepository(VipApplication) private readonly applications: Repository<VipApplication>) {}

  latestOf(userId: string): Promise<VipApplication | null> {
    return this.applications.findOne({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  /** A new application; a second pending one of the user fails with a unique violation (a partial unique index). */
  insert(fields: DeepPartial<VipApplication>): Promise<VipApplication> {
    return this.applications.save(this.applications.create(fields));
  }

  /** Support's queue: pending ones oldest first, else newest first, each with the applicant's username. */
  async page(
    status: VipApplicationStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<[{ application: VipApplication; username: string | null }[], number]> {
    const q = this.applications
      .createQueryBuilder('a')
      .leftJoin(User, 'u', 'u.id = a.userId')
      .addSelect('u.username', 'username')
      .orderBy('a.createdAt', status === 'pending' ? 'ASC' : 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize);
    if (status) q.where('a.status = :status', { status });
    const [{ entities, raw }, total] = await Promise.all([q.getRawAndEntities(), q.getCount()]);
    return [
      entities.map((application, i) => ({
        application,
        username: (raw[i] as { username: string | null }).username,
      })),
      total,
    ];
  }

  /** Moves a pending application to its decision once (409 APPLICATION_DECIDED for a second, 404 for none). */
  decide(tx: Tx, id: string, decision: QueryDeepPartialEntity<VipApplication>): Promise<VipApplication> {
    return decidePending(tx, VipApplication, id, decision);
  }
}
