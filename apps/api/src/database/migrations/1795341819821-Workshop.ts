import { MigrationInterface, QueryRunner } from 'typeorm';

export class Workshop1795341819821 implements MigrationInterface {
  name = 'Workshop1795341819821';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "demands" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "name" character varying(200) NOT NULL,
                "labName" character varying(40) NOT NULL,
                "content" text NOT NULL,
                "keyValuePoints" text NOT NULL,
                "currentStage" character varying(16) NOT NULL DEFAULT 'Startup',
                "overallStatus" character varying(16) NOT NULL DEFAULT 'PendingInput',
                "demandType" character varying(32) NOT NULL DEFAULT 'companion',
                "isMarketReady" boolean NOT NULL DEFAULT false,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_d63565b0747a0cfc73e319bfc03" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_dcf4da925482555c0e60d8868a" ON "demands" ("labName")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_44e685765bd35d2828d822e1ac" ON "demands" ("userId", "updatedAt")
        `);
    await queryRunner.query(`
            CREATE TABLE "demand_stages" (
                "demandId" uuid NOT NULL,
                "stage" character varying(16) NOT NULL,
                "status" character varying(16) NOT NULL DEFAULT 'NotStarted',
                "paymentStatus" character varying(16) NOT NULL DEFAULT 'NotRequired',
                "input" jsonb,
                "output" jsonb,
                "selectedModules" jsonb NOT NULL DEFAULT '[]',
                "errorMessage" text,
                "run" integer NOT NULL DEFAULT '0',
                "stale" boolean NOT NULL DEFAULT false,
                "history" jsonb NOT NULL DEFAULT '[]',
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_cf01dce9c624e24c303182e08ef" PRIMARY KEY ("demandId", "stage")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "demand_events" (
                "id" BIGSERIAL NOT NULL,
                "demandId" uuid NOT NULL,
                "stage" character varying(16) NOT NULL,
                "event" character varying(24) NOT NULL,
                "messageType" character varying(12) NOT NULL,
                "message" text NOT NULL,
                "details" text,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_edc6dec8416aeb8dd466a059c68" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ad2f327504c17fb928ced69e22" ON "demand_events" ("demandId", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "demand_files" (
                "demandId" uuid NOT NULL,
                "path" character varying(200) NOT NULL,
                "stage" character varying(16) NOT NULL,
                "content" text NOT NULL,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_3862c3a26237fe3f0ec2c8d4d13" PRIMARY KEY ("demandId", "path")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "orders"
            ADD "demandId" uuid
        `);
    await queryRunner.query(`
            ALTER TABLE "orders"
            ADD "stage" character varying(16)
        `);
    await queryRunner.query(`
            ALTER TABLE "demand_stages"
            ADD CONSTRAINT "FK_fdb494ea2701126edb88b250f3f" FOREIGN KEY ("demandId") REFERENCES "demands"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "demand_events"
            ADD CONSTRAINT "FK_91a23c58b6194ba03f6a67c12a6" FOREIGN KEY ("demandId") REFERENCES "demands"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "demand_files"
            ADD CONSTRAINT "FK_0f60a8d2acaaa22a9b467c02932" FOREIGN KEY ("demandId") REFERENCES "demands"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "demand_files" DROP CONSTRAINT "FK_0f60a8d2acaaa22a9b467c02932"
        `);
    await queryRunner.query(`
            ALTER TABLE "demand_events" DROP CONSTRAINT "FK_91a23c58b6194ba03f6a67c12a6"
        `);
    await queryRunner.query(`
            ALTER TABLE "demand_stages" DROP CONSTRAINT "FK_fdb494ea2701126edb88b250f3f"
        `);
    await queryRunner.query(`
            ALTER TABLE "orders" DROP COLUMN "stage"
        `);
    await queryRunner.query(`
            ALTER TABLE "orders" DROP COLUMN "demandId"
        `);
    await queryRunner.query(`
            DROP TABLE "demand_files"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ad2f327504c17fb928ced69e22"
        `);
    await queryRunner.query(`
            DROP TABLE "demand_events"
        `);
    await queryRunner.query(`
            DROP TABLE "demand_stages"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_44e685765bd35d2828d822e1ac"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_dcf4da925482555c0e60d8868a"
        `);
    await queryRunner.query(`
            DROP TABLE "demands"
        `);
  }
}
