import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Role, SolutionInput, SolutionListItem } from '@think-tank/contracts';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { poolOf } from '../../core/database/pool';
import { ReadReplicas } from '../../core/database/read-replicas.repository';
import type { Tx } from '../../core/database/transactions.service';
import { Solution } from './entities/solution.entity';
import { SolutionSearch } from './entities/solution-search.entity';
import { gramsOf, searchText } from './search-text';
import {
  GRAM_INDEX_ONLY,
  indexedConditions,
  industryToken,
  matchesPageSql,
  mostMatchingSql,
  wordCountSql,
  wordMatchesPageSql,
  type SqlCondition,
  type TermAlternatives,
} from './solution-search.query';

const LIST_COLUMNS = `so.id AS "_id", so."projectName", so."projectRequirements", so."projectRequirementsDetails"`;

/** Saves a solution and its search form together (in the caller's transaction): the index never disagrees. */
export async function writeSolution(tx: Tx, solution: Solution): Promise<Solution> {
  const saved = await tx.save(Solution, solution);
  const text = searchText([saved.projectName, saved.projectRequirements, saved.projectRequirementsDetails]);
  await tx.upsert(
    SolutionSearch,
    {
      solutionId: saved.id,
      createdAt: saved.createdAt,
      text,
      // The industry as one more gram: the index then answers search's categories with the terms.
      grams: saved.industry ? [...gramsOf(text), industryToken(saved.industry)] : gramsOf(text),
      industry: saved.industry ?? null,
    },
    ['solutionId'],
  );
  return saved;
}

/** What the paid view reads in one round trip: the reader, and the head of the document (null: no solution). */
export interface ViewRead {
  head: string | null;
  whole: boolean;
  projectName: string | null;
  role: Role;
  isPaid: boolean;
  disabled: boolean;
}

/**
 * The library: solutions with their search form (solution_search, its grams and recency), found by the statements
 * solution-search.query.ts builds. The paid view's and the teaser's reads go straight to the pg pool, named: they are
 * the hottest paths, and a TypeORM QueryRunner per call costs them a measurable share of their throughput.
 */
@Injectable()
export class SolutionsRepository {
  private readonly pool: Pool;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly replicas: ReadReplicas,
  ) {
    this.pool = poolOf(db);
  }

  insert(tx: Tx, input: SolutionInput): Promise<Solution> {
    return writeSolution(tx, tx.create(Solution, { ...input }));
  }

  replace(tx: Tx, existing: Solution, input: SolutionInput): Promise<Solution> {
    return writeSolution(tx, Object.assign(existing, input));
  }

  /** The solution, locked until the caller's transaction ends. */
  locked(tx: Tx, id: string): Promise<Solution | null> {
    return tx.findOne(Solution, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Deletes it (its search form cascades); false when there was none. */
  async remove(tx: Tx, id: string): Promise<boolean> {
    const deleted = await tx.delete(Solution, { id });
    return Boolean(deleted.affected);
  }

  /** The whole solution, for the console's editor. */
  byId(id: string): Promise<Solution | null> {
    return this.db.getRepository(Solution).findOneBy({ id });
  }

  nameOf(id: string): Promise<Pick<Solution, 'id' | 'projectName'> | null> {
    return this.db
      .getRepository(Solution)
      .findOne({ where: { id }, select: { id: true, projectName: true } });
  }

  /** The whole document, once access is decided: from a replica, or the primary while a replica lacks it. */
  async documentOf(id: string): Promise<string | null> {
    const solution = await this.replicas.read(
      (db) => db.getRepository(Solution).findOne({ where: { id }, select: { html: true } }),
      (found) => !found,
    );
    return solution?.html ?? null;
  }

  /**
   * The reader (auth's `users` row, read here to save the view a round trip) and the first `scanned` characters of
   * the document; undefined for an unknown reader.
   */
  async viewRead(id: string, userId: string, scanned: number): Promise<ViewRead | undefined> {
    const { rows } = await this.pool.query<ViewRead>({
      name: 'solution-view',
      text: `SELECT left(so.html, $3) AS head, octet_length(so.html) = octet_length(left(so.html, $3)) AS whole,
                    so."projectName", u.role, u."isPaid", u.disabled
               FROM users u LEFT JOIN solutions so ON so.id = $1 WHERE u.id = $2`,
      values: [id, userId, scanned],
    });
    return rows[0];
  }

  /** The name and the first `scanned` characters of the document: a public call reads no more. */
  head(id: string, scanned: number): Promise<{ projectName: string; head: string } | undefined> {
    return this.replicas.read(
      async (db) =>
        (
          await poolOf(db).query<{ projectName: string; head: string }>(
            `SELECT "projectName", left(html, $2) AS head FROM solutions WHERE id = $1`,
            [id, scanned],
          )
        ).rows[0],
      (row) => !row,
    );
  }

  /**
   * Up to `cap` + 1 matches of `where` counted, and a page of them, each row carrying the count (a row with a null id
   * when there are none).
   */
  matchesPage(
    where: SqlCondition,
    rank: SqlCondition,
    cap: number,
    limit: number,
    offset: number,
  ): Promise<(SolutionListItem & { total: number })[]> {
    return this.throughGrams(matchesPageSql(where, rank, LIST_COLUMNS, cap, limit, offset));
  }

  /** The solutions matching most of the terms, with which of them each matches. */
  mostMatching(
    terms: TermAlternatives[],
    limit: number,
  ): Promise<{ id: string; name: string; hits: boolean[] }[]> {
    return this.throughGrams(mostMatchingSql(terms, limit));
  }

  /** How many solutions hold the word, up to WORD_COUNT_CAP + 1 (a word's weight in the words path). */
  async wordCount(word: TermAlternatives, industries: readonly string[]): Promise<number> {
    const [row] = await this.throughGrams<{ n: number }>(wordCountSql(word, industries));
    return row.n;
  }

  /** Whether any solution holds the term (any alternative) as written. */
  async anyHolds(term: TermAlternatives): Promise<boolean> {
    const where = indexedConditions([term]);
    const [row] = await this.throughGrams<{ found: boolean }>({
      sql: `SELECT EXISTS (SELECT 1 FROM solution_search s WHERE ${where.sql}) AS found`,
      params: where.params,
    });
    return row.found;
  }

  /** About how many solutions the library holds (the planner's estimate, or a count up to 10,000 when it has none). */
  async librarySize(): Promise<number> {
    const [row] = (await this.replicas.read((db) =>
      db.query(
        `SELECT GREATEST((SELECT reltuples FROM pg_class WHERE oid = 'solution_search'::regclass),
                         (SELECT count(*) FROM (SELECT 1 FROM solution_search LIMIT 10000) x))::int AS n`,
      ),
    )) as { n: number }[];
    return row.n;
  }

  /** A page of the solutions holding most of the words (solution-search.query.ts, wordMatchesPageSql). */
  wordMatchesPage(
    words: TermAlternatives[],
    weights: number[],
    industries: readonly string[],
    minHeld: number,
    cap: number,
    limit: number,
    offset: number,
  ): Promise<(SolutionListItem & { total: number })[]> {
    return this.throughGrams(
      wordMatchesPageSql(words, weights, industries, minHeld, LIST_COLUMNS, cap, limit, offset),
    );
  }

  /** Runs a search statement through the gram index alone (solution-search.query.ts says why). */
  private throughGrams<T>(query: SqlCondition): Promise<T[]> {
    return this.replicas.read((db) =>
      db.transaction(async (tx) => {
        await tx.query(GRAM_INDEX_ONLY);
        return tx.query(query.sql, query.params);
      }),
    );
  }

  /** A page of the solutions whose search form meets `text`, newest first, walking the recency index. */
  recencyPage(text: SqlCondition, limit: number, offset: number): Promise<SolutionListItem[]> {
    return this.replicas.read((db) =>
      db.query(
        `SELECT ${LIST_COLUMNS} FROM solution_search s JOIN solutions so ON so.id = s."solutionId"
          WHERE ${text.sql} ORDER BY s."createdAt" DESC, s."solutionId" DESC LIMIT ${limit} OFFSET ${offset}`,
        text.params,
      ),
    );
  }
}
