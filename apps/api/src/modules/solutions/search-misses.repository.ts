import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SearchMissItem } from '@think-tank/contracts';
import { Repository } from 'typeorm';
import { SearchMiss } from './entities/search-miss.entity';

/** Distinct queries recorded a day, and how long a day's are kept (contract §12). */
export const MISSES_A_DAY = 10_000;
const KEPT_DAYS = 90;
const QUERY_MAX = 100;
const TODAY = `(now() AT TIME ZONE 'Asia/Shanghai')::date`;

/** What visitors searched for and did not find (or found only by its words), counted per day, with no user. */
@Injectable()
export class SearchMissesRepository {
  private readonly logger = new Logger(SearchMissesRepository.name);
  private cleanedOn = '';

  constructor(@InjectRepository(SearchMiss) private readonly misses: Repository<SearchMiss>) {}

  /** Counts the query, off the search's own path: a failure is logged, never the searcher's. */
  record(query: string, kind: SearchMiss['kind']): void {
    const normalised = Array.from(query.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim())
      .slice(0, QUERY_MAX)
      .join('');
    if (!normalised) return;
    this.count(normalised, kind).catch((e: Error) =>
      this.logger.warn(`search miss not recorded: ${e.message}`),
    );
  }

  private async count(query: string, kind: SearchMiss['kind']): Promise<void> {
    // A new query of the day only while the day has room; one already counted is always counted again.
    await this.misses.query(
      `INSERT INTO search_misses (day, query, kind, count, "lastSeenAt")
       SELECT ${TODAY}, $1::varchar, $2::varchar, 1, now()
        WHERE EXISTS (SELECT 1 FROM search_misses WHERE day = ${TODAY} AND query = $1::varchar)
           OR (SELECT count(*) FROM search_misses WHERE day = ${TODAY}) < ${MISSES_A_DAY}
       ON CONFLICT (day, query) DO UPDATE
         SET count = search_misses.count + 1, kind = EXCLUDED.kind, "lastSeenAt" = now()`,
      [query, kind],
    );
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
