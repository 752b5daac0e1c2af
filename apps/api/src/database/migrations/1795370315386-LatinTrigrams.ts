import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gram array also holds the Latin trigrams of the text (three letters or digits in a row): a Latin term's
 * bigrams each occur in most documents, its trigrams in few. Existing rows get theirs here, from the maximal
 * runs of letters and digits in the stored (lowered) text, exactly as gramsOf() computes them on write.
 */
export class LatinTrigrams1795370315386 implements MigrationInterface {
  name = 'LatinTrigrams1795370315386';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Rewriting every row is faster without the GIN index; it is built again once at the end.
    await queryRunner.query(`DROP INDEX "public"."IDX_solution_search_grams"`);
    await queryRunner.query(`
      UPDATE "solution_search" s SET "grams" = s."grams" || t.trigrams
      FROM (
        SELECT r."solutionId", array_agg(DISTINCT substr(r.run, i, 3)) AS trigrams
        FROM (SELECT "solutionId", m[1] AS run FROM "solution_search", regexp_matches("text", '[a-z0-9]{3,}', 'g') m) r,
             generate_series(1, length(r.run) - 2) i
        GROUP BY r."solutionId"
      ) t
      WHERE t."solutionId" = s."solutionId"`);
    // Built in memory: with the default 64 MB a GIN index over 100,000 rows takes many minutes.
    await queryRunner.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    await queryRunner.query(
      `CREATE INDEX "IDX_solution_search_grams" ON "solution_search" USING gin ("grams")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "solution_search" SET "grams" = ARRAY(SELECT g FROM unnest("grams") g WHERE g !~ '^[a-z0-9]{3}$')`,
    );
  }
}
