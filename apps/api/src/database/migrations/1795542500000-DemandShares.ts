import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/**
 * Read-only links to a demand's deliverables (contract §12), gone with their demand. The index is built
 * CONCURRENTLY as every new one is (docs/operations/releases.md), so outside a transaction, each step safe to retry.
 */
export class DemandShares1795542500000 implements MigrationInterface {
  name = 'DemandShares1795542500000';
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE IF NOT EXISTS "demand_shares" (
                "token" character varying(64) NOT NULL,
                "demandId" uuid NOT NULL,
                "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_demand_shares_token" PRIMARY KEY ("token"),
                CONSTRAINT "FK_demand_shares_demand" FOREIGN KEY ("demandId") REFERENCES "demands"("id") ON DELETE CASCADE
            )
        `);
    await createIndexConcurrently(
      queryRunner,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "IDX_demand_shares_demand_expiry" ON "demand_shares" ("demandId", "expiresAt") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "demand_shares"`);
  }
}
