import { MigrationInterface, QueryRunner } from 'typeorm';

export class VipPlanStartups1795464849598 implements MigrationInterface {
  name = 'VipPlanStartups1795464849598';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "plans"
            ADD "vipStartupQuota" integer NOT NULL DEFAULT '0'
        `);
    await queryRunner.query(`
            ALTER TABLE "subscriptions"
            ADD "vipStartupsUsed" integer NOT NULL DEFAULT '0'
        `);
    // VIP plans already sold promise "每年 3 次免费启动需求".
    await queryRunner.query(`
            UPDATE "plans" SET "vipStartupQuota" = 3 WHERE "isVip"
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "subscriptions" DROP COLUMN "vipStartupsUsed"
        `);
    await queryRunner.query(`
            ALTER TABLE "plans" DROP COLUMN "vipStartupQuota"
        `);
  }
}
