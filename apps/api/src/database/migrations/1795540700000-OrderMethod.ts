import { MigrationInterface, QueryRunner } from 'typeorm';

/** How an order was handed to its gateway (page, wap, native, h5, checkout, card, applepay, googlepay). */
export class OrderMethod1795540700000 implements MigrationInterface {
  name = 'OrderMethod1795540700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "orders"
            ADD "method" character varying(16)
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "orders" DROP COLUMN "method"
        `);
  }
}
