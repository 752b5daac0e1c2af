import { MigrationInterface, QueryRunner } from 'typeorm';
import { SYNC_ORDER_SUBJECT } from './1795540000000-PurchaseSubject';

/**
 * The contract step of PurchaseSubject, a release later (docs/operations/releases.md): no running code reads an order's
 * solution, demand or stage any more, so they and the trigger that kept them in step go.
 */
export class OrderSubjectContract1795540800000 implements MigrationInterface {
  name = 'OrderSubjectContract1795540800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS orders_subject_sync ON "orders"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS orders_subject_sync()`);
    await queryRunner.query(
      `ALTER TABLE "orders" DROP COLUMN IF EXISTS "solutionId", DROP COLUMN IF EXISTS "demandId",
         DROP COLUMN IF EXISTS "stage"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "orders" ADD "solutionId" uuid, ADD "demandId" uuid, ADD "stage" character varying(16)`,
    );
    await queryRunner.query(
      `UPDATE "orders" SET
         "solutionId" = CASE WHEN "subjectKind" = 'solution' THEN "subjectId" END,
         "demandId" = CASE WHEN "subjectKind" = 'demand' THEN "subjectId" END,
         "stage" = "subjectPart"`,
    );
    await queryRunner.query(SYNC_ORDER_SUBJECT);
  }
}
