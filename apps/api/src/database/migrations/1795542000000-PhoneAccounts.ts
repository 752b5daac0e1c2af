import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/**
 * Phone numbers as accounts (contract §12): a mainland mobile on the account (unique), the live SMS codes by number
 * and purpose, and e-mail left empty for an account made by a number.
 */
export class PhoneAccounts1795542000000 implements MigrationInterface {
  name = 'PhoneAccounts1795542000000';
  // The number's unique index is built CONCURRENTLY (users is large), so outside a transaction.
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "sms_codes" ("phone" character varying(16) NOT NULL, "purpose" character varying(8) NOT NULL, "codeHash" character(64) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "failedAttempts" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9e7342d209087c5e9d3b24a8dad" PRIMARY KEY ("phone", "purpose"))`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "phone" character varying(16)`);
    await createIndexConcurrently(
      queryRunner,
      `CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "UQ_a000cca60bcf04454e727699490" ON "users" ("phone")`,
    );
    await queryRunner.query(
      `DO $$ BEGIN
         IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'UQ_a000cca60bcf04454e727699490') THEN
           ALTER TABLE "users" ADD CONSTRAINT "UQ_a000cca60bcf04454e727699490" UNIQUE USING INDEX "UQ_a000cca60bcf04454e727699490";
         END IF;
       END $$`,
    );
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "email" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "UQ_a000cca60bcf04454e727699490"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "phone"`);
    await queryRunner.query(`DROP TABLE "sms_codes"`);
  }
}
