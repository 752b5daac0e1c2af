import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminPage, AuditItem } from '@think-tank/contracts';
import { DataSource } from 'typeorm';
import type { Tx } from '../database/transactions.service';
import { AuditEntry } from './audit-entry.entity';

export interface AuditRecord {
  actorId: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** The audit log: who changed what, written in the transaction of the change, and read by support. */
@Injectable()
export class AuditLog {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The log, newest first, with each actor's username (GET /api/admin/audit). */
  async list(
    filter: { targetId?: string; actorId?: string },
    page: number,
    pageSize: number,
  ): Promise<AdminPage<AuditItem>> {
    const where = ['($1::text IS NULL OR a."targetId" = $1)', '($2::uuid IS NULL OR a."actorId" = $2)'].join(
      ' AND ',
    );
    const params = [filter.targetId ?? null, filter.actorId ?? null];
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM audit_entries a WHERE ${where}`,
      params,
    );
    const rows: (Omit<AuditItem, 'createdAt'> & { createdAt: Date })[] = await this.db.query(
      `SELECT a.id, a."actorId", u.username::text AS "actorName", a.action, a."targetType", a."targetId", a.details,
              a."createdAt"
         FROM audit_entries a LEFT JOIN users u ON u.id = a."actorId"
        WHERE ${where} ORDER BY a."createdAt" DESC LIMIT $3 OFFSET $4`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    return {
      items: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
      total,
      page,
      pageSize,
    };
  }

  /** Records a write inside the transaction that makes it, so that neither exists without the other. */
  async record(tx: Tx, entry: AuditRecord): Promise<void> {
    await tx.save(
      tx.create(AuditEntry, { ...entry, targetId: entry.targetId ?? null, details: entry.details ?? {} }),
    );
  }
}
