import { MigrationInterface, QueryRunner } from 'typeorm';

/** The browser each session signed in from, for the list of signed-in devices (contract §11). */
export class SessionDevices1795541300000 implements MigrationInterface {
  name = 'SessionDevices1795541300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" ADD "userAgent" character varying(300)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP COLUMN "userAgent"`);
  }
}
