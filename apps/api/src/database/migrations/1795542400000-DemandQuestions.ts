import { MigrationInterface, QueryRunner } from 'typeorm';

/** The questions a demand was asked at registration, with their answers (contract §12); existing demands: none. */
export class DemandQuestions1795542400000 implements MigrationInterface {
  name = 'DemandQuestions1795542400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "demands" ADD "questions" jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "demands" DROP COLUMN "questions"`);
  }
}
