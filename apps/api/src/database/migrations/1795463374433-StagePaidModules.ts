import { MigrationInterface, QueryRunner } from 'typeorm';

export class StagePaidModules1795463374433 implements MigrationInterface {
  name = 'StagePaidModules1795463374433';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "demand_stages"
            ADD "paidModules" jsonb
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "demand_stages" DROP COLUMN "paidModules"
        `);
  }
}
