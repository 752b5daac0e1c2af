import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CatalogueItem, type UnlockedSolution } from '@think-tank/contracts';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { poolOf } from '../../core/database/pool';
import type { Tx } from '../../core/database/transactions.service';

/**
 * Whether a pay-per-view purchase of a solution is live for a reader (30 days from payment, until refunded):
 * a named statement, so that each pooled connection parses and plans it once. $1 the reader, $2 the solution.
 * On the paid view's path, and the bench's baseline makes the same check.
 */
export const VIEW_GRANT = {
  name: 'view-grant',
  text: `SELECT 1 FROM solution_access_grants WHERE "userId" = $1 AND "solutionId" = $2 AND "expiresAt" > now() LIMIT 1`,
};

/** Pay-per-view grants: one per paid view order, each 30 days, following on from the reader's live one. */
@Injectable()
export class ViewGrantsRepository {
  private readonly pool: Pool;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.pool = poolOf(db);
  }

  async isLive(userId: string, solutionId: string): Promise<boolean> {
    // On the paid view's path: a repository's query builder cost it ~9 % of its CPU (profile, issue 22).
    const { rowCount } = await this.pool.query({ ...VIEW_GRANT, values: [userId, solutionId] });
    return Boolean(rowCount);
  }

  /** The reader's live grants, one row per solution (its last end), the most recently bought first. */
  async livePage(userId: string, page: number, pageSize: number): Promise<[UnlockedSolution[], number]> {
    const rows: (UnlockedSolution & { total: number })[] = await this.db.query(
      `SELECT g."solutionId", s."projectName", max(g."expiresAt") AS "expiresAt", count(*) OVER ()::int AS total
         FROM solution_access_grants g JOIN solutions s ON s.id = g."solutionId"
        WHERE g."userId" = $1 AND g."expiresAt" > now()
        GROUP BY g."solutionId", s."projectName"
        ORDER BY max(g."createdAt") DESC, g."solutionId"
        LIMIT $2 OFFSET $3`,
      [userId, pageSize, (page - 1) * pageSize],
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.liveCount(userId) : 0);
    return [
      rows.map(({ total: _, ...r }) => ({ ...r, expiresAt: new Date(r.expiresAt).toISOString() })),
      total,
    ];
  }

  private async liveCount(userId: string): Promise<number> {
    const [{ n }] = await this.db.query(
      `SELECT count(DISTINCT "solutionId")::int AS n FROM solution_access_grants WHERE "userId" = $1 AND "expiresAt" > now()`,
      [userId],
    );
    return n as number;
  }

  /** A view bought again while one is live follows it: the buyer gets every day paid for. */
  async grant(tx: Tx, order: { id: string; userId: string }, solutionId: string): Promise<void> {
    await this.lock(tx, order.userId, solutionId);
    await tx.query(
      `INSERT INTO solution_access_grants ("userId", "solutionId", "orderId", "expiresAt")
       SELECT $1, $2, $3, GREATEST(now(), max("expiresAt")) + make_interval(days => $4)
         FROM solution_access_grants WHERE "userId" = $1 AND "solutionId" = $2`,
      [order.userId, solutionId, order.id, CatalogueItem.singleSolutionView.days],
    );
  }

  /**
   * Ends the refunded view's grant, and moves the grants bought to follow it back by what is left of it: the buyer
   * keeps every day of what they still paid for, and none of what was refunded (contract §11).
   */
  async revoke(tx: Tx, order: { id: string; userId: string }, solutionId: string | null): Promise<void> {
    if (solutionId) await this.lock(tx, order.userId, solutionId);
    // A grant covers `days` up to its end; what is left of the refunded one is its end less the later of its start
    // and now.
    await tx.query(
      `WITH gone AS (
         DELETE FROM solution_access_grants WHERE "orderId" = $1
         RETURNING "userId", "solutionId", "expiresAt",
                   GREATEST(interval '0', "expiresAt" - GREATEST(now(), "expiresAt" - make_interval(days => $2))) AS left
       )
       UPDATE solution_access_grants g SET "expiresAt" = g."expiresAt" - gone.left
         FROM gone
        WHERE g."userId" = gone."userId" AND g."solutionId" = gone."solutionId" AND g."expiresAt" > gone."expiresAt"`,
      [order.id, CatalogueItem.singleSolutionView.days],
    );
  }

  /** Serialises the grants of one user and solution, so that two settling or refunding at once follow each other. */
  private lock(tx: Tx, userId: string, solutionId: string): Promise<unknown> {
    return tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`view:${userId}:${solutionId}`]);
  }
}
