import { MigrationInterface, QueryRunner } from 'typeorm';

export class PlansAndViewGrants1795328206308 implements MigrationInterface {
  name = 'PlansAndViewGrants1795328206308';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "plans" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "code" character varying(64) NOT NULL,
                "name" character varying(100) NOT NULL,
                "nameEn" character varying(100) NOT NULL,
                "features" text array NOT NULL DEFAULT '{}',
                "featuresEn" text array NOT NULL DEFAULT '{}',
                "benefits" text array NOT NULL DEFAULT '{}',
                "benefitsEn" text array NOT NULL DEFAULT '{}',
                "priceCny" integer NOT NULL,
                "priceUsd" integer NOT NULL,
                "periodType" character varying(16) NOT NULL,
                "tier" integer NOT NULL DEFAULT '1',
                "isVip" boolean NOT NULL DEFAULT false,
                "isValid" boolean NOT NULL DEFAULT true,
                "popular" boolean NOT NULL DEFAULT false,
                "stripePriceId" character varying(100),
                "alipayProductCode" character varying(100),
                "sortOrder" integer NOT NULL DEFAULT '0',
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_95f7ef3fc4c31a3545b4d825dd4" UNIQUE ("code"),
                CONSTRAINT "PK_3720521a81c7c24fe9b7202ba61" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "solution_access_grants" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "solutionId" uuid NOT NULL,
                "orderId" uuid,
                "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_1de17df61357b01292312caf19c" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_f2cc65527162f6c5aca84c25c1" ON "solution_access_grants" ("userId", "solutionId", "expiresAt")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_f2cc65527162f6c5aca84c25c1"
        `);
    await queryRunner.query(`
            DROP TABLE "solution_access_grants"
        `);
    await queryRunner.query(`
            DROP TABLE "plans"
        `);
  }
}
