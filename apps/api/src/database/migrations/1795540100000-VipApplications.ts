import { MigrationInterface, QueryRunner } from 'typeorm';

/** VIP applications: at most one pending per user (partial unique index), a user's latest, support's queue. */
export class VipApplications1795540100000 implements MigrationInterface {
  name = 'VipApplications1795540100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "vip_applications" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "company" character varying(100) NOT NULL,
                "contactName" character varying(50) NOT NULL,
                "phone" character varying(20) NOT NULL,
                "email" character varying(254) NOT NULL,
                "industry" character varying(32) NOT NULL,
                "purpose" text NOT NULL,
                "status" character varying(16) NOT NULL DEFAULT 'pending',
                "decisionNote" text,
                "decidedBy" uuid,
                "decidedAt" TIMESTAMP WITH TIME ZONE,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_dee59e1eee01d4d7d2ab4761d5b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_16213e89a2aa50fbd42dd8917d" ON "vip_applications" ("userId", "createdAt")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_74e9e39d3841c6afe78cf67a08" ON "vip_applications" ("status", "createdAt")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_c3a21aee99e976865e14fbccd9" ON "vip_applications" ("userId")
            WHERE status = 'pending'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_c3a21aee99e976865e14fbccd9"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_74e9e39d3841c6afe78cf67a08"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_16213e89a2aa50fbd42dd8917d"
        `);
    await queryRunner.query(`
            DROP TABLE "vip_applications"
        `);
  }
}
