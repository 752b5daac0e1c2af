import { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoices for people too (contract §12): whose name an invoice bears; every earlier one is a company's. */
export class PersonalInvoices1795541600000 implements MigrationInterface {
  name = 'PersonalInvoices1795541600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "invoice_requests" ADD "titleType" character varying(16) NOT NULL DEFAULT 'company'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invoice_requests" DROP COLUMN "titleType"`);
  }
}
