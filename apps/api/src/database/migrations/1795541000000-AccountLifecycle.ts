import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Changing the e-mail (a pending change and its code) and deleting the account (when; the row stays anonymised):
 * contract §11. New table and a nullable column: old code runs on the new schema.
 */
export class AccountLifecycle1795541000000 implements MigrationInterface {
  name = 'AccountLifecycle1795541000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_changes" ("userId" uuid NOT NULL, "newEmail" citext NOT NULL, "codeHash" character(64) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "failedAttempts" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_86352230c345fc670a55e7eb87a" PRIMARY KEY ("userId"))`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "deletedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "email_changes" ADD CONSTRAINT "FK_86352230c345fc670a55e7eb87a" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deletedAt"`);
    await queryRunner.query(`DROP TABLE "email_changes"`);
  }
}
