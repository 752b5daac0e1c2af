import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/**
 * A reader's favourites and reading history (contract §11 "Accounts and library"): new tables, nothing else moves.
 * Their indexes are built CONCURRENTLY (docs/operations/releases.md), so outside a transaction: each statement is written to
 * be run again after a failure half-way.
 */
export class Library1795540900000 implements MigrationInterface {
  name = 'Library1795540900000';
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, at, pk, userFk, solutionFk, index] of [
      [
        'favourites',
        'createdAt',
        'PK_0ff0f78cbf1b91df60c35060fbd',
        'FK_b75b5e4a2475d03acfe11eac1d1',
        'FK_a93d494ac74bd8e2b04ab7251aa',
        'IDX_24e8248627ded2abcede8555b4',
      ],
      [
        'reading_history',
        'viewedAt',
        'PK_81e4bce5b0f0c22ec1435346c0a',
        'FK_0a84665f42ef7d9ed671a6828e4',
        'FK_c96778dbaded77993fe9a07c6ef',
        'IDX_76bac81ae745470cf9c8ad9573',
      ],
    ]) {
      await queryRunner.query(
        `CREATE TABLE IF NOT EXISTS "${table}" ("userId" uuid NOT NULL, "solutionId" uuid NOT NULL,
           "${at}" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
           CONSTRAINT "${pk}" PRIMARY KEY ("userId", "solutionId"),
           CONSTRAINT "${userFk}" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
           CONSTRAINT "${solutionFk}" FOREIGN KEY ("solutionId") REFERENCES "solutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      );
      await createIndexConcurrently(
        queryRunner,
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${index}" ON "${table}" ("userId", "${at}")`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "reading_history"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "favourites"`);
  }
}
