import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently } from '../concurrent-index';

/** Contract §12 "WeChat": the openid each account has under each of our WeChat apps, for paying inside WeChat. */
export class WechatOpenids1795542100000 implements MigrationInterface {
  name = 'WechatOpenids1795542100000';
  // The index is built CONCURRENTLY, so outside a transaction: each statement may run again after a failure.
  transaction = false;

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "wechat_openids" ("appId" character varying(32) NOT NULL, "openid" character varying(64) NOT NULL, "userId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9d7c427bc8f699e4e1802beafad" PRIMARY KEY ("appId", "openid"))`,
    );
    await createIndexConcurrently(
      queryRunner,
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "IDX_200ec7a1f4671a96a11701fa28" ON "wechat_openids" ("userId")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_200ec7a1f4671a96a11701fa28"`);
    await queryRunner.query(`DROP TABLE "wechat_openids"`);
  }
}
