import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Language, TimelineEntry } from '@think-tank/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../core/errors/app-error';
import { isUuid } from '../../core/http/id.pipe';
import { describeTimeline, type TimelineFacts } from './admin.messages';

const LIMIT = 200;

/**
 * One user's history for support, newest first: the account, orders, pay-per-view grants, demands and their
 * stages, messages, and admin actions on the account, so that one screen answers "I paid and nothing happened" or
 * "my stage failed".
 *
 * The data layer's one read model (docs/architecture.md#layers): a read-only projection that reads the tables of five modules
 * in one statement, where asking each module's repository would take seven queries and a merge in the process for
 * every page support opens. It writes nothing, and nothing else reads across modules' tables this way.
 */
@Injectable()
export class SupportTimeline {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(userId: string, lang: Language): Promise<TimelineEntry[]> {
    if (!isUuid(userId)) throw new AppError('NOT_FOUND');
    const [exists] = await this.db.query(`SELECT 1 FROM users WHERE id = $1`, [userId]);
    if (!exists) throw new AppError('NOT_FOUND');
    // Facts only (statuses, names, amounts); describeTimeline puts them into the reader's words.
    const rows: (TimelineFacts & { at: Date; refId: string | null })[] = await this.db.query(
      `SELECT * FROM (
           SELECT "createdAt" AS at, 'account' AS kind, NULL AS status, NULL AS stage, email::text AS detail,
                  NULL AS extra, NULL AS error, id::text AS "refId"
             FROM users WHERE id = $1
           UNION ALL
           SELECT "updatedAt", 'order', status, NULL,
                  concat_ws(' · ', subject, to_char(amount / 100.0, 'FM999999990.00') || ' ' || currency, gateway),
                  NULL, "flaggedReason", id::text
             FROM orders WHERE "userId" = $1
           UNION ALL
           SELECT "createdAt", 'view', NULL, NULL, NULL, to_char("expiresAt", 'YYYY-MM-DD'), NULL, "solutionId"::text
             FROM solution_access_grants WHERE "userId" = $1
           UNION ALL
           SELECT "createdAt", 'demand', NULL, NULL, name, NULL, NULL, id::text FROM demands WHERE "userId" = $1
           UNION ALL
           SELECT s."updatedAt", 'stage', s.status, s.stage, d.name, s."paymentStatus", s."errorMessage", d.id::text
             FROM demand_stages s JOIN demands d ON d.id = s."demandId"
            WHERE d."userId" = $1 AND s.status <> 'NotStarted'
           UNION ALL
           SELECT "createdAt", 'message', NULL, NULL, CASE WHEN $2 = 'en' THEN "titleEn" ELSE "titleZh" END,
                  CASE WHEN $2 = 'en' THEN "contentEn" ELSE "contentZh" END, NULL, id::text
             FROM messages WHERE "userId" = $1
           UNION ALL
           SELECT a."createdAt", 'admin', a.action, NULL, NULL, coalesce(u.username::text, a."actorId"::text), NULL,
                  a.id::text
             FROM audit_entries a LEFT JOIN users u ON u.id = a."actorId"
            WHERE a."targetId" = $1::text
         ) t ORDER BY at DESC LIMIT ${LIMIT}`,
      [userId, lang],
    );
    return rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      kind: r.kind,
      ...describeTimeline(r, lang),
      refId: r.refId,
    }));
  }
}
