import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing no longer knows what it sells: an order's solution, demand and stage become one purchase subject (kind,
 * id, part). Existing orders keep what they were for.
 */
export class PurchaseSubject1795540000000 implements MigrationInterface {
  name = 'PurchaseSubject1795540000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "subjectKind" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "subjectId" uuid`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "subjectPart" character varying(16)`);
    await queryRunner.query(
      `UPDATE "orders" SET
         "subjectKind" = CASE WHEN "solutionId" IS NOT NULL THEN 'solution' WHEN "demandId" IS NOT NULL THEN 'demand' END,
         "subjectId" = COALESCE("solutionId", "demandId"),
         "subjectPart" = "stage"
       WHERE "solutionId" IS NOT NULL OR "demandId" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "solutionId"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "demandId"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "stage"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "stage" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "demandId" uuid`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "solutionId" uuid`);
    await queryRunner.query(
      `UPDATE "orders" SET
         "solutionId" = CASE WHEN "subjectKind" = 'solution' THEN "subjectId" END,
         "demandId" = CASE WHEN "subjectKind" = 'demand' THEN "subjectId" END,
         "stage" = "subjectPart"`,
    );
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "subjectPart"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "subjectId"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "subjectKind"`);
  }
}
