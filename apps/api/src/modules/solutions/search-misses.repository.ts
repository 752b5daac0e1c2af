import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SearchMissItem } from '@think-tank/contracts';
import { Repository } from 'typeorm';
import { SearchMiss } from './entities/search-miss.entity';

/** Distinct queries recorded a day, and how long a day's are kept (contract §12). */
export const MISSES_A_DAY = 10_000;
const KEPT_DAYS = 90;
const TODAY = `(now() AT TIME ZONE 'Asia/Shanghai')::date`;

/** One query's searches waiting to be counted. */
export interface MissNote {
  query: string;
  kind: SearchMiss['kind'];
  count: number;
}

/** What visitors searched for and did not find (or found only by its words), counted per day, with no user. */
@Injectable()
export class SearchMissesRepository {
  private cleanedOn = '';

  constructor(@InjectRepository(SearchMiss) private readonly misses: Repository<SearchMiss>) {}

  /**
   * Counts a batch of queries (normalised) into today's. A new query of the day only while the day has room (taken
   * in turns across replicas, under a lock); one already counted is always counted again.
   */
  async count(notes: MissNote[]): Promise<void> {
    await this.misses.manager.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('search_misses'))`);
      await tx.query(
        `WITH room AS (SELECT ${MISSES_A_DAY} - count(*) AS n FROM search_misses WHERE day = ${TODAY}),
              b AS (SELECT q.*, EXISTS (SELECT 1 FROM search_misses m WHERE m.day = ${TODAY} AND m.query = q.query) AS known
                      FROM unnest($1::varchar[], $2::varchar[], $3::int[]) AS q(query, kind, count)),
              ranked AS (SELECT b.*, row_number() OVER (PARTITION BY known ORDER BY count DESC, query) AS r FROM b)
         INSERT INTO search_misses (day, query, kind, count, "lastSeenAt")
         SELECT ${TODAY}, ranked.query, ranked.kind, ranked.count, now() FROM ranked, room
          WHERE ranked.known OR ranked.r <= room.n
         ON CONFLICT (day, query) DO UPDATE
           SET count = search_misses.count + EXCLUDED.count, kind = EXCLUDED.kind, "lastSeenAt" = now()`,
        [notes.map((n) => n.query), notes.map((n) => n.kind), notes.map((n) => n.count)],
      );
    });
    const today = new Date().toISOString().slice(0, 10);
    if (this.cleanedOn === today) return;
    this.cleanedOn = today;
    await this.misses.query(`DELETE FROM search_misses WHERE day < ${TODAY} - ${KEPT_DAYS}`);
  }

  /** The most frequent over the last `days` days, with how each was last matched. */
  async top(days: number, limit: number): Promise<SearchMissItem[]> {
    const rows: { query: string; count: number; days: number; kind: SearchMiss['kind']; lastSeenAt: Date }[] =
      await this.misses.query(
        `SELECT query, sum(count)::int AS count, count(*)::int AS days,
                (array_agg(kind ORDER BY "lastSeenAt" DESC))[1] AS kind, max("lastSeenAt") AS "lastSeenAt"
           FROM search_misses WHERE day > ${TODAY} - $1::int
          GROUP BY query ORDER BY count DESC, max("lastSeenAt") DESC LIMIT $2`,
        [days, limit],
      );
    return rows.map((r) => ({ ...r, lastSeenAt: new Date(r.lastSeenAt).toISOString() }));
  }
}
