import { MigrationInterface, QueryRunner } from 'typeorm';

/** When a stage's fee was last refunded: the stage then waits for its fee again, and nothing re-runs it unpaid. */
export class StageFeeRefunded1795540400000 implements MigrationInterface {
  name = 'StageFeeRefunded1795540400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "demand_stages"
            ADD "feeRefundedAt" TIMESTAMP WITH TIME ZONE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "demand_stages" DROP COLUMN "feeRefundedAt"
        `);
  }
}
