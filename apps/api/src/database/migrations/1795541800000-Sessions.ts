import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/**
 * One row per signed-in session (contract §12): refreshing moves its generation on instead of adding a row, so a
 * session's rows stay one however often it refreshes. `refresh_tokens` stays for the release before (and to carry
 * its sessions over on their first refresh); the release after drops it.
 */
export class Sessions1795541800000 implements MigrationInterface {
  name = 'Sessions1795541800000';
  // The index is built CONCURRENTLY, so outside a transaction: each statement may run again after a failure.
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "sessions" ("id" uuid NOT NULL, "userId" uuid NOT NULL, "generation" integer NOT NULL DEFAULT '0', "userAgent" character varying(300), "signedInAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastUsedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "rotatedAt" TIMESTAMP WITH TIME ZONE, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "revokedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await createIndexConcurrently(
      queryRunner,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "IDX_4361dcf261dd3ae9df1a10db91" ON "sessions" ("userId", "lastUsedAt")`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" DROP CONSTRAINT IF EXISTS "FK_57de40bc620f456c7311aa3a1e6"`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_57de40bc620f456c7311aa3a1e6" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_57de40bc620f456c7311aa3a1e6"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4361dcf261dd3ae9df1a10db91"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
  }
}
