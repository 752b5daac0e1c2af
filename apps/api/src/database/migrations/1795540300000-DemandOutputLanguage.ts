import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a demand's outputs are written in (existing demands: Chinese, as they were written). */
export class DemandOutputLanguage1795540300000 implements MigrationInterface {
  name = 'DemandOutputLanguage1795540300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "demands"
            ADD "outputLanguage" character varying(2) NOT NULL DEFAULT 'zh'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "demands" DROP COLUMN "outputLanguage"
        `);
  }
}
