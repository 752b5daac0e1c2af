import { MigrationInterface, QueryRunner } from 'typeorm';

export class Refunds1795468099090 implements MigrationInterface {
  name = 'Refunds1795468099090';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "refunds" (
                "orderId" uuid NOT NULL,
                "gateway" character varying(16) NOT NULL,
                "status" character varying(16) NOT NULL,
                "gatewayRefundId" character varying(128),
                "reason" text,
                "actorId" uuid NOT NULL,
                "attempts" integer NOT NULL DEFAULT '1',
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_605cf4d367799f3e5cfb9f68229" PRIMARY KEY ("orderId")
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "refunds"
        `);
  }
}
