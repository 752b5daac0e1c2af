import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/**
 * Contract §12: the trades each order opened at its gateway, so that paying a pending WeChat Pay order another way
 * closes its trade and opens a new number. Pending WeChat Pay orders keep the trade they opened under their own id.
 */
export class OrderTrades1795542200000 implements MigrationInterface {
  name = 'OrderTrades1795542200000';
  // The index is built CONCURRENTLY, so outside a transaction: each statement may run again after a failure.
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "order_trades" ("tradeNo" character varying(32) NOT NULL, "orderId" uuid NOT NULL, "gateway" character varying(16) NOT NULL, "method" character varying(16) NOT NULL, "openedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "closedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d6d29f0f876598f807baaa4f642" PRIMARY KEY ("tradeNo"))`,
    );
    await createIndexConcurrently(
      queryRunner,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "IDX_fd00aa52bc491c93e5e92b8890" ON "order_trades" ("orderId", "openedAt")`,
    );
    await queryRunner.query(
      `INSERT INTO "order_trades" ("tradeNo", "orderId", gateway, method, "openedAt")
       SELECT replace(id::text, '-', ''), id, gateway, method, "createdAt" FROM "orders"
        WHERE gateway = 'wechatpay' AND status = 'pending' AND method IN ('native', 'h5')
       ON CONFLICT DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_fd00aa52bc491c93e5e92b8890"`);
    await queryRunner.query(`DROP TABLE "order_trades"`);
  }
}
