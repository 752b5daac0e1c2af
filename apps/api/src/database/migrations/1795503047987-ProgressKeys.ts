import { MigrationInterface, QueryRunner } from 'typeorm';

/** Progress events carry their line's key and parameters (nullable columns: no table rewrite, old rows keep null). */
export class ProgressKeys1795503047987 implements MigrationInterface {
  name = 'ProgressKeys1795503047987';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "demand_events" ADD "messageKey" character varying(32)`);
    await queryRunner.query(`ALTER TABLE "demand_events" ADD "params" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "demand_events" DROP COLUMN "params"`);
    await queryRunner.query(`ALTER TABLE "demand_events" DROP COLUMN "messageKey"`);
  }
}
