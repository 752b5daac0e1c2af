import { MigrationInterface, QueryRunner } from 'typeorm';

export class PaymentsAndSubscriptions1795332493698 implements MigrationInterface {
  name = 'PaymentsAndSubscriptions1795332493698';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "orders" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "gateway" character varying(16) NOT NULL,
                "paymentType" character varying(16) NOT NULL,
                "itemType" character varying(32) NOT NULL,
                "itemId" character varying(64) NOT NULL,
                "solutionId" uuid,
                "amount" integer NOT NULL,
                "currency" character varying(3) NOT NULL,
                "subject" character varying(200) NOT NULL,
                "status" character varying(20) NOT NULL DEFAULT 'pending',
                "gatewayTradeNo" character varying(128),
                "flaggedReason" text,
                "paidAt" TIMESTAMP WITH TIME ZONE,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_86f855e683674c1061b1e8f0b6" ON "orders" ("gateway", "gatewayTradeNo")
            WHERE "gatewayTradeNo" IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_d5e3786a82fe691d8bbbb1e256" ON "orders" ("status", "createdAt")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_30e6836e8539f85bfc47198067" ON "orders" ("userId", "createdAt")
        `);
    await queryRunner.query(`
            CREATE TABLE "payment_events" (
                "gateway" character varying(16) NOT NULL,
                "eventId" character varying(128) NOT NULL,
                "type" character varying(64) NOT NULL,
                "orderId" uuid,
                "receivedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_2a080e17c3efac1cbdbc8d49134" PRIMARY KEY ("gateway", "eventId")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "subscriptions" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "planId" uuid NOT NULL,
                "orderId" uuid NOT NULL,
                "gateway" character varying(16) NOT NULL,
                "status" character varying(12) NOT NULL DEFAULT 'active',
                "currentPeriodStart" TIMESTAMP WITH TIME ZONE NOT NULL,
                "currentPeriodEnd" TIMESTAMP WITH TIME ZONE NOT NULL,
                "stripeSubscriptionId" character varying(128),
                "stripeEventCreated" bigint,
                "canceledAt" TIMESTAMP WITH TIME ZONE,
                "reminderSentAt" TIMESTAMP WITH TIME ZONE,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_bf02abdf59c0eca4730b47dffac" UNIQUE ("orderId"),
                CONSTRAINT "PK_a87248d73155605cf782be9ee5e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_5ab3dbf5948a5ee2b8a8261ae0" ON "subscriptions" ("stripeSubscriptionId")
            WHERE "stripeSubscriptionId" IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_af26566dd056eb20945f203abb" ON "subscriptions" ("userId", "currentPeriodEnd")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_af26566dd056eb20945f203abb"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5ab3dbf5948a5ee2b8a8261ae0"
        `);
    await queryRunner.query(`
            DROP TABLE "subscriptions"
        `);
    await queryRunner.query(`
            DROP TABLE "payment_events"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_30e6836e8539f85bfc47198067"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_d5e3786a82fe691d8bbbb1e256"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_86f855e683674c1061b1e8f0b6"
        `);
    await queryRunner.query(`
            DROP TABLE "orders"
        `);
  }
}
