import { MigrationInterface, QueryRunner } from 'typeorm';

/** Read-only links to a demand's deliverables (contract §12), gone with their demand. */
export class DemandShares1795542500000 implements MigrationInterface {
  name = 'DemandShares1795542500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "demand_shares" (
                "token" character varying(64) NOT NULL,
                "demandId" uuid NOT NULL,
                "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_demand_shares_token" PRIMARY KEY ("token"),
                CONSTRAINT "FK_demand_shares_demand" FOREIGN KEY ("demandId") REFERENCES "demands"("id") ON DELETE CASCADE
            )
        `);
    await queryRunner.query(
      `CREATE INDEX "IDX_demand_shares_demand_expiry" ON "demand_shares" ("demandId", "expiresAt")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "demand_shares"`);
  }
}
