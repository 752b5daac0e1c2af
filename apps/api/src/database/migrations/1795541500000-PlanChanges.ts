import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contract §12: an upgrade's credit on its order and the periods it replaced ("Plans change at once"), and the plan
 * order that waived or discounted a stage's fee, whose refund takes that back.
 */
export class PlanChanges1795541500000 implements MigrationInterface {
  name = 'PlanChanges1795541500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "creditApplied" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD "replacedByOrderId" uuid`);
    await queryRunner.query(`ALTER TABLE "demand_stages" ADD "waivedBy" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "demand_stages" DROP COLUMN "waivedBy"`);
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "replacedByOrderId"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "creditApplied"`);
  }
}
