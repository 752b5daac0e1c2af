import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/**
 * Contract §12: a consent log of every acceptance of the terms (the latest of each account carried over, its address
 * unknown), and no name or e-mail of a person kept where a deletion would leave it: support's snapshots of accounts
 * keep ids, and the fee orders of accounts deleted before now lose their demand's name.
 */
export class Consents1795541900000 implements MigrationInterface {
  name = 'Consents1795541900000';
  // The index is built CONCURRENTLY, so outside a transaction: each statement may run again after a failure.
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "consents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "termsVersion" character varying(32) NOT NULL, "privacyVersion" character varying(32) NOT NULL, "acceptedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "address" character varying(45), CONSTRAINT "PK_9efc68eb6aba7d638fb6ea034dd" PRIMARY KEY ("id"))`,
    );
    await createIndexConcurrently(
      queryRunner,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "IDX_dfff2379b7a2016c95d147cd1a" ON "consents" ("userId", "acceptedAt")`,
    );
    await queryRunner.query(
      `ALTER TABLE "consents" DROP CONSTRAINT IF EXISTS "FK_7736e32000c01e8e189d1d4a0dd"`,
    );
    await queryRunner.query(
      `ALTER TABLE "consents" ADD CONSTRAINT "FK_7736e32000c01e8e189d1d4a0dd" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "consents" ("userId", "termsVersion", "privacyVersion", "acceptedAt")
       SELECT id, "termsVersion", "privacyVersion", "termsAcceptedAt" FROM "users" u
        WHERE "termsVersion" IS NOT NULL AND "privacyVersion" IS NOT NULL AND "termsAcceptedAt" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "consents" c WHERE c."userId" = u.id)`,
    );
    await queryRunner.query(
      `UPDATE "audit_entries" SET details = details #- '{before,username}' #- '{before,email}'
                                                   #- '{after,username}' #- '{after,email}'
        WHERE action = 'user.update'`,
    );
    await queryRunner.query(
      `UPDATE "orders" o SET subject = regexp_replace(o.subject, '(：|: ).*$', '')
         FROM "users" u WHERE u.id = o."userId" AND u."deletedAt" IS NOT NULL AND o."subjectKind" = 'demand'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "consents" DROP CONSTRAINT "FK_7736e32000c01e8e189d1d4a0dd"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dfff2379b7a2016c95d147cd1a"`);
    await queryRunner.query(`DROP TABLE "consents"`);
  }
}
