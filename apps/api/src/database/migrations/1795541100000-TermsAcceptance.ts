import { MigrationInterface, QueryRunner } from 'typeorm';

/** Which versions of the terms and the privacy policy each user accepted, and when (contract §11). */
export class TermsAcceptance1795541100000 implements MigrationInterface {
  name = 'TermsAcceptance1795541100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" ADD "termsVersion" character varying(32), ADD "privacyVersion" character varying(32),
         ADD "termsAcceptedAt" TIMESTAMP WITH TIME ZONE`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" DROP COLUMN "termsAcceptedAt", DROP COLUMN "privacyVersion", DROP COLUMN "termsVersion"`,
    );
  }
}
