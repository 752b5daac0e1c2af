import { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoice requests of paid orders, with the issued PDF; one live (pending or issued) request per order. */
export class InvoiceRequests1795540200000 implements MigrationInterface {
  name = 'InvoiceRequests1795540200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "invoice_requests" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "orderId" uuid NOT NULL,
                "userId" uuid NOT NULL,
                "type" character varying(16) NOT NULL,
                "title" character varying(100) NOT NULL,
                "taxNumber" character varying(18) NOT NULL,
                "email" character varying(254) NOT NULL,
                "address" character varying(200) NOT NULL DEFAULT '',
                "phone" character varying(20) NOT NULL DEFAULT '',
                "bank" character varying(100) NOT NULL DEFAULT '',
                "account" character varying(40) NOT NULL DEFAULT '',
                "status" character varying(16) NOT NULL DEFAULT 'pending',
                "invoiceNumber" character varying(32),
                "pdf" bytea,
                "rejectReason" text,
                "decidedBy" uuid,
                "decidedAt" TIMESTAMP WITH TIME ZONE,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ee2ec335b6b66efee7d13501be5" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_3e7115fa916cbc167836f6ac92" ON "invoice_requests" ("userId")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_682ec1a4d68a303e9f63cfaec1" ON "invoice_requests" ("orderId", "createdAt")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_b162596edd80a97eaaa9e90cc9" ON "invoice_requests" ("status", "createdAt")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_43b32a7678165cf9a6b139aad4" ON "invoice_requests" ("orderId")
            WHERE status IN ('pending', 'issued')
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_43b32a7678165cf9a6b139aad4"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_b162596edd80a97eaaa9e90cc9"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_682ec1a4d68a303e9f63cfaec1"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_3e7115fa916cbc167836f6ac92"
        `);
    await queryRunner.query(`
            DROP TABLE "invoice_requests"
        `);
  }
}
