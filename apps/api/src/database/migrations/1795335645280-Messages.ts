import { MigrationInterface, QueryRunner } from 'typeorm';

export class Messages1795335645280 implements MigrationInterface {
  name = 'Messages1795335645280';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "messages" (
                "id" uuid NOT NULL DEFAULT gen_random_uuid(),
                "userId" uuid NOT NULL,
                "titleZh" character varying(200) NOT NULL,
                "titleEn" character varying(200) NOT NULL,
                "contentZh" text NOT NULL,
                "contentEn" text NOT NULL,
                "actionUrl" character varying(500),
                "readAt" TIMESTAMP WITH TIME ZONE,
                "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_messages_unread" ON "messages" ("userId")
            WHERE "readAt" IS NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ff897faf9eb7713f06ca8f94a6" ON "messages" ("userId", "createdAt")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ff897faf9eb7713f06ca8f94a6"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_messages_unread"
        `);
    await queryRunner.query(`
            DROP TABLE "messages"
        `);
  }
}
