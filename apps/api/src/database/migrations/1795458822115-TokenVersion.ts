import { MigrationInterface, QueryRunner } from 'typeorm';

export class TokenVersion1795458822115 implements MigrationInterface {
  name = 'TokenVersion1795458822115';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "users"
            ADD "tokenVersion" integer NOT NULL DEFAULT '0'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "users" DROP COLUMN "tokenVersion"
        `);
  }
}
