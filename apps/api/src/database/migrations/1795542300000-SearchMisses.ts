import { MigrationInterface, QueryRunner } from 'typeorm';

/** Contract §12 "Search reads plain Chinese": what visitors searched for and did not find, per day. */
export class SearchMisses1795542300000 implements MigrationInterface {
  name = 'SearchMisses1795542300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "search_misses" ("day" date NOT NULL, "query" character varying(100) NOT NULL, "kind" character varying(8) NOT NULL, "count" integer NOT NULL DEFAULT '1', "lastSeenAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4f864b9f1f1d095be76281e8dea" PRIMARY KEY ("day", "query"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "search_misses"`);
  }
}
