import { MigrationInterface, QueryRunner } from 'typeorm';

export class SolutionLibrary1795327455136 implements MigrationInterface {
  name = 'SolutionLibrary1795327455136';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "solutions" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "projectName" character varying(200) NOT NULL,
                "projectRequirements" text NOT NULL,
                "projectRequirementsDetails" text NOT NULL,
                "html" text NOT NULL,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_05589f12803f420b119df2f6170" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5976a0dab39f8d491520138503" ON "solutions" ("createdAt")
        `);
    await queryRunner.query(`
            CREATE TABLE "solution_search" (
                "solutionId" uuid NOT NULL,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL,
                "text" text NOT NULL,
                "grams" text array NOT NULL,
                CONSTRAINT "PK_a82e32887c1c0a56afcad5dd296" PRIMARY KEY ("solutionId")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_solution_search_recency" ON "solution_search" ("createdAt", "solutionId")
        `);
    await queryRunner.query(`
            CREATE TABLE "audit_entries" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "actorId" uuid NOT NULL,
                "action" character varying(64) NOT NULL,
                "targetType" character varying(32) NOT NULL,
                "targetId" character varying(64),
                "details" jsonb NOT NULL DEFAULT '{}',
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_6b1623bcad4d04530b76548d619" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_a8456bc89d026672de07047358" ON "audit_entries" ("actorId")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_20d78b0de44d6a04036df62479" ON "audit_entries" ("createdAt")
        `);
    await queryRunner.query(`
            ALTER TABLE "solution_search"
            ADD CONSTRAINT "FK_a82e32887c1c0a56afcad5dd296" FOREIGN KEY ("solutionId") REFERENCES "solutions"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    // Written by hand (the generator cannot express them; performance-notes.md explains each):
    // the search text stays inline and uncompressed, so a strpos() recheck never decompresses a row;
    await queryRunner.query(`ALTER TABLE "solution_search" ALTER COLUMN "text" SET STORAGE MAIN`);
    await queryRunner.query(`ALTER TABLE "solution_search" SET (toast_tuple_target = 8160)`);
    // and the grams are answered by a GIN index, never read row by row.
    await queryRunner.query(
      `CREATE INDEX "IDX_solution_search_grams" ON "solution_search" USING gin ("grams")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_solution_search_grams"`);
    await queryRunner.query(`
            ALTER TABLE "solution_search" DROP CONSTRAINT "FK_a82e32887c1c0a56afcad5dd296"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_20d78b0de44d6a04036df62479"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_a8456bc89d026672de07047358"
        `);
    await queryRunner.query(`
            DROP TABLE "audit_entries"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_solution_search_recency"
        `);
    await queryRunner.query(`
            DROP TABLE "solution_search"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5976a0dab39f8d491520138503"
        `);
    await queryRunner.query(`
            DROP TABLE "solutions"
        `);
  }
}
