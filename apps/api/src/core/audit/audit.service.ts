import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditEntry } from './audit-entry.entity';

export interface AuditRecord {
  actorId: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

@Injectable()
export class AuditService {
  /** Records a write inside the transaction that makes it, so that neither exists without the other. */
  async record(tx: EntityManager, entry: AuditRecord): Promise<void> {
    await tx.save(
      tx.create(AuditEntry, { ...entry, targetId: entry.targetId ?? null, details: entry.details ?? {} }),
    );
  }
}
