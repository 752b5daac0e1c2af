import { MigrationInterface, QueryRunner } from 'typeorm';

/** Which events each user also gets by e-mail, and the language their mails are written in (contract §11). */
export class MailPreferences1795541200000 implements MigrationInterface {
  name = 'MailPreferences1795541200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "mail_preferences" ("userId" uuid NOT NULL, "stage" boolean NOT NULL DEFAULT true, "payment" boolean NOT NULL DEFAULT true, "subscription" boolean NOT NULL DEFAULT false, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5408d6cdb800691a1f2c82d340b" PRIMARY KEY ("userId"))`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "language" character varying(2) NOT NULL DEFAULT 'zh'`);
    await queryRunner.query(
      `ALTER TABLE "mail_preferences" ADD CONSTRAINT "FK_5408d6cdb800691a1f2c82d340b" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "language"`);
    await queryRunner.query(`DROP TABLE "mail_preferences"`);
  }
}
