import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payment that arrives for a cancelled order is refunded by the system (contract §12): the order notes when it
 * came, and a refund may have no admin behind it. Accounts deleted before deletion refused open orders keep none:
 * their pending orders are cancelled, so that a payment arriving for one now is returned, not fulfilled.
 */
export class LatePayments1795541700000 implements MigrationInterface {
  name = 'LatePayments1795541700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "latePaidAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "refunds" ALTER COLUMN "actorId" DROP NOT NULL`);
    await queryRunner.query(
      `UPDATE "orders" SET status = 'canceled', "updatedAt" = now()
        WHERE status = 'pending' AND "userId" IN (SELECT id FROM "users" WHERE "deletedAt" IS NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "refunds" WHERE "actorId" IS NULL`);
    await queryRunner.query(`ALTER TABLE "refunds" ALTER COLUMN "actorId" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "latePaidAt"`);
  }
}
