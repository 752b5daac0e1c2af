import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FAVOURITES_MAX, type FavouriteSolution, type HistoryEntry } from '@think-tank/contracts';
import { DataSource } from 'typeorm';

/** What `star` did: starred (or was already), no such solution, or the reader's favourites are full. */
export type StarResult = 'starred' | 'unknown' | 'full';

/** A view to record in the reading history. */
export interface ViewNote {
  userId: string;
  solutionId: string;
  viewedAt: Date;
}

/** A page of a reader's own rows, newest first, with the total. */
type Page<T> = [T[], number];

/** A reader's favourites and reading history (contract §11 "Accounts and library"). */
@Injectable()
export class LibraryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Stars a solution, within FAVOURITES_MAX: the reader's row is locked first, so that concurrent stars cannot
   * count the same free places.
   */
  star(userId: string, solutionId: string): Promise<StarResult> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const [row]: { starred: boolean; known: boolean; count: number }[] = await tx.query(
        `SELECT EXISTS (SELECT 1 FROM favourites WHERE "userId" = $1 AND "solutionId" = $2) AS starred,
                EXISTS (SELECT 1 FROM solutions WHERE id = $2) AS known,
                (SELECT count(*)::int FROM favourites WHERE "userId" = $1) AS count`,
        [userId, solutionId],
      );
      if (row.starred) return 'starred';
      if (!row.known) return 'unknown';
      if (row.count >= FAVOURITES_MAX) return 'full';
      await tx.query(`INSERT INTO favourites ("userId", "solutionId") VALUES ($1, $2)`, [userId, solutionId]);
      return 'starred';
    });
  }

  async unstar(userId: string, solutionId: string): Promise<void> {
    await this.db.query(`DELETE FROM favourites WHERE "userId" = $1 AND "solutionId" = $2`, [
      userId,
      solutionId,
    ]);
  }

  /** Every starred solution's id (at most FAVOURITES_MAX), for the stars on a page of results. */
  async favouriteIds(userId: string): Promise<string[]> {
    const rows: { solutionId: string }[] = await this.db.query(
      `SELECT "solutionId" FROM favourites WHERE "userId" = $1 ORDER BY "createdAt" DESC`,
      [userId],
    );
    return rows.map((r) => r.solutionId);
  }

  favourites(userId: string, page: number, pageSize: number): Promise<Page<FavouriteSolution>> {
    return this.page('favourites', 'createdAt', 'favouritedAt', userId, page, pageSize);
  }

  history(userId: string, page: number, pageSize: number): Promise<Page<HistoryEntry>> {
    return this.page('reading_history', 'viewedAt', 'viewedAt', userId, page, pageSize);
  }

  /**
   * Views as one row per reader and solution, its time the latest view's (ReadingHistoryRecorder's batches). A
   * solution deleted or an account deleted since is left out: nothing of an erased account comes back.
   */
  async recordViews(views: ViewNote[]): Promise<void> {
    await this.db.query(
      `INSERT INTO reading_history ("userId", "solutionId", "viewedAt")
       SELECT v."userId", v."solutionId", v."viewedAt"
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS v("userId", "solutionId", "viewedAt")
         JOIN users u ON u.id = v."userId" AND u."deletedAt" IS NULL
         JOIN solutions s ON s.id = v."solutionId"
       ON CONFLICT ("userId", "solutionId")
       DO UPDATE SET "viewedAt" = GREATEST(reading_history."viewedAt", EXCLUDED."viewedAt")`,
      [views.map((v) => v.userId), views.map((v) => v.solutionId), views.map((v) => v.viewedAt)],
    );
  }

  /** How many solutions the reader last opened between the two moments. */
  async viewsBetween(userId: string, from: Date, to: Date): Promise<number> {
    const [{ n }] = await this.db.query(
      `SELECT count(*)::int AS n FROM reading_history WHERE "userId" = $1 AND "viewedAt" >= $2 AND "viewedAt" < $3`,
      [userId, from, to],
    );
    return n;
  }

  async clearHistory(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM reading_history WHERE "userId" = $1`, [userId]);
  }

  private async page<T>(
    table: 'favourites' | 'reading_history',
    at: 'createdAt' | 'viewedAt',
    as: string,
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<Page<T>> {
    const rows: (T & { total: number; at: Date })[] = await this.db.query(
      `SELECT l."solutionId", s."projectName", l."${at}" AS at, count(*) OVER ()::int AS total
         FROM ${table} l JOIN solutions s ON s.id = l."solutionId"
        WHERE l."userId" = $1
        ORDER BY l."${at}" DESC, l."solutionId"
        LIMIT $2 OFFSET $3`,
      [userId, pageSize, (page - 1) * pageSize],
    );
    // Past the last page the window has no row to count on: the total is asked for alone.
    const total =
      rows[0]?.total ??
      (page > 1
        ? ((await this.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE "userId" = $1`, [userId]))[0]
            .n as number)
        : 0);
    return [
      rows.map(({ total: _, at: time, ...r }) => ({ ...r, [as]: time.toISOString() }) as unknown as T),
      total,
    ];
  }
}
