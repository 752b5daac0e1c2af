import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/**
 * A solution's library industry, copied into its search form, for search's `categories` (contract §11). Nullable
 * columns (no rewrite); the index is built CONCURRENTLY (docs/operations/releases.md), so outside a transaction.
 */
export class SolutionIndustry1795541400000 implements MigrationInterface {
  name = 'SolutionIndustry1795541400000';
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "solutions" ADD COLUMN IF NOT EXISTS "industry" character varying(16)`,
    );
    await queryRunner.query(
      `ALTER TABLE "solution_search" ADD COLUMN IF NOT EXISTS "industry" character varying(16)`,
    );
    await createIndexConcurrently(
      queryRunner,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "IDX_solution_search_industry" ON "solution_search" ("industry", "createdAt") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_solution_search_industry"`);
    await queryRunner.query(`ALTER TABLE "solution_search" DROP COLUMN "industry"`);
    await queryRunner.query(`ALTER TABLE "solutions" DROP COLUMN "industry"`);
  }
}
