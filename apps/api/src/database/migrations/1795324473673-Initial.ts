import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795324473673 implements MigrationInterface {
  name = 'Initial1795324473673';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Case-insensitive usernames and e-mail addresses.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await queryRunner.query(`
            CREATE TABLE "users" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "username" citext NOT NULL,
                "email" citext NOT NULL,
                "passwordHash" text,
                "role" character varying(16) NOT NULL DEFAULT 'Free',
                "isPaid" boolean NOT NULL DEFAULT false,
                "vipStartupQuota" integer NOT NULL DEFAULT '0',
                "emailVerifiedAt" TIMESTAMP WITH TIME ZONE,
                "disabled" boolean NOT NULL DEFAULT false,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_fe0bb3f6520ee0469504521e710" UNIQUE ("username"),
                CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"),
                CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "email_codes" (
                "userId" uuid NOT NULL,
                "codeHash" character(64) NOT NULL,
                "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
                "failedAttempts" integer NOT NULL DEFAULT '0',
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_cd16d9d1900e92bc32425ba7ac8" PRIMARY KEY ("userId")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "identities" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "provider" character varying(16) NOT NULL,
                "providerUserId" character varying(255) NOT NULL,
                "userId" uuid NOT NULL,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_7b2f8cccf4ac6a2d7e6e9e8b1f6" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_3144d31adb77f8fdd5aecf28f4" ON "identities" ("userId")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_79d916ccc6f496d5432373f9b8" ON "identities" ("provider", "providerUserId")
        `);
    await queryRunner.query(`
            CREATE TABLE "password_resets" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "tokenHash" character(64) NOT NULL,
                "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
                "usedAt" TIMESTAMP WITH TIME ZONE,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_4816377aa98211c1de34469e742" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_d95569f623f28a0bf034a55099" ON "password_resets" ("userId")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_7f6aae0fcc807c9e7194ca5cc4" ON "password_resets" ("tokenHash")
        `);
    await queryRunner.query(`
            CREATE TABLE "refresh_tokens" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "familyId" uuid NOT NULL,
                "secretHash" character(64) NOT NULL,
                "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
                "usedAt" TIMESTAMP WITH TIME ZONE,
                "revokedAt" TIMESTAMP WITH TIME ZONE,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_610102b60fea1455310ccd299d" ON "refresh_tokens" ("userId")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_40e9a8b923a1b3fb4429a5c624" ON "refresh_tokens" ("familyId")
        `);
    await queryRunner.query(`
            ALTER TABLE "email_codes"
            ADD CONSTRAINT "FK_cd16d9d1900e92bc32425ba7ac8" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "identities"
            ADD CONSTRAINT "FK_3144d31adb77f8fdd5aecf28f4a" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "password_resets"
            ADD CONSTRAINT "FK_d95569f623f28a0bf034a55099e" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "refresh_tokens"
            ADD CONSTRAINT "FK_610102b60fea1455310ccd299de" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_610102b60fea1455310ccd299de"
        `);
    await queryRunner.query(`
            ALTER TABLE "password_resets" DROP CONSTRAINT "FK_d95569f623f28a0bf034a55099e"
        `);
    await queryRunner.query(`
            ALTER TABLE "identities" DROP CONSTRAINT "FK_3144d31adb77f8fdd5aecf28f4a"
        `);
    await queryRunner.query(`
            ALTER TABLE "email_codes" DROP CONSTRAINT "FK_cd16d9d1900e92bc32425ba7ac8"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_40e9a8b923a1b3fb4429a5c624"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_610102b60fea1455310ccd299d"
        `);
    await queryRunner.query(`
            DROP TABLE "refresh_tokens"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_7f6aae0fcc807c9e7194ca5cc4"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_d95569f623f28a0bf034a55099"
        `);
    await queryRunner.query(`
            DROP TABLE "password_resets"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_79d916ccc6f496d5432373f9b8"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_3144d31adb77f8fdd5aecf28f4"
        `);
    await queryRunner.query(`
            DROP TABLE "identities"
        `);
    await queryRunner.query(`
            DROP TABLE "email_codes"
        `);
    await queryRunner.query(`
            DROP TABLE "users"
        `);
  }
}
