import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository, type DeepPartial } from 'typeorm';
import type { Tx } from '../../core/database/transactions.service';
import { DemandEvent } from './entities/demand-event.entity';

/** The stored progress of a demand's stage jobs, for replay in order. */
@Injectable()
export class DemandEventsRepository {
  constructor(@InjectRepository(DemandEvent) private readonly events: Repository<DemandEvent>) {}

  /** Stores an event, in the caller's transaction when given. */
  insert(fields: DeepPartial<DemandEvent>, tx: Tx = this.events.manager): Promise<DemandEvent> {
    return tx.save(tx.create(DemandEvent, fields));
  }

  /** The demand's events after the given id, oldest first. */
  after(demandId: string, after: number, limit: number): Promise<DemandEvent[]> {
    return this.events.find({
      where: { demandId, id: MoreThan(String(after)) },
      order: { id: 'ASC' },
      take: limit,
    });
  }
}
