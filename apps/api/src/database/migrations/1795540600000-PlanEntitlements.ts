import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A plan's entitlements, which its features are now written from (contract §11): the daily view limit (null:
 * unlimited), the stage-fee discount, favourites and history; and the discount a stage was priced with. The plans
 * of the first catalogue get what their feature lines promised and the product enforces: the VIP plan reads without
 * limit, Professional takes 10 % off stage fees. Their free-text features stay, unread, for one release.
 */
export class PlanEntitlements1795540600000 implements MigrationInterface {
  name = 'PlanEntitlements1795540600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET LOCAL lock_timeout = '5s'`);
    await queryRunner.query(`
            ALTER TABLE "plans"
            ADD "dailyViewLimit" integer DEFAULT '20',
            ADD "stageFeeDiscount" integer NOT NULL DEFAULT '0',
            ADD "favouritesAndHistory" boolean NOT NULL DEFAULT false
        `);
    await queryRunner.query(`UPDATE "plans" SET "dailyViewLimit" = NULL WHERE "isVip"`);
    await queryRunner.query(`UPDATE "plans" SET "stageFeeDiscount" = 10 WHERE code LIKE 'pro\\_%'`);
    await queryRunner.query(`
            ALTER TABLE "demand_stages"
            ADD "feeDiscount" integer NOT NULL DEFAULT '0'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "demand_stages" DROP COLUMN "feeDiscount"`);
    await queryRunner.query(`
            ALTER TABLE "plans" DROP COLUMN "favouritesAndHistory", DROP COLUMN "stageFeeDiscount",
            DROP COLUMN "dailyViewLimit"
        `);
  }
}
