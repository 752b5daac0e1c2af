import { MigrationInterface, QueryRunner } from 'typeorm';

/** The red-letter invoice (红冲) that cancels an issued invoice whose order was refunded: its number and PDF. */
export class InvoiceReversals1795540500000 implements MigrationInterface {
  name = 'InvoiceReversals1795540500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "invoice_requests"
            ADD "reversalNumber" character varying(32)
        `);
    await queryRunner.query(`
            ALTER TABLE "invoice_requests"
            ADD "reversalPdf" bytea
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "invoice_requests" DROP COLUMN "reversalPdf"
        `);
    await queryRunner.query(`
            ALTER TABLE "invoice_requests" DROP COLUMN "reversalNumber"
        `);
  }
}
