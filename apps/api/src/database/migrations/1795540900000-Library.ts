import { MigrationInterface, QueryRunner } from 'typeorm';

/** A reader's favourites and reading history (contract §11 "Accounts and library"): new tables, nothing else moves. */
export class Library1795540900000 implements MigrationInterface {
  name = 'Library1795540900000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "favourites" ("userId" uuid NOT NULL, "solutionId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0ff0f78cbf1b91df60c35060fbd" PRIMARY KEY ("userId", "solutionId"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_24e8248627ded2abcede8555b4" ON "favourites" ("userId", "createdAt") `,
    );
    await queryRunner.query(
      `CREATE TABLE "reading_history" ("userId" uuid NOT NULL, "solutionId" uuid NOT NULL, "viewedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_81e4bce5b0f0c22ec1435346c0a" PRIMARY KEY ("userId", "solutionId"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_76bac81ae745470cf9c8ad9573" ON "reading_history" ("userId", "viewedAt") `,
    );
    const foreignKeys = [
      ['favourites', 'FK_b75b5e4a2475d03acfe11eac1d1', 'userId', 'users'],
      ['favourites', 'FK_a93d494ac74bd8e2b04ab7251aa', 'solutionId', 'solutions'],
      ['reading_history', 'FK_0a84665f42ef7d9ed671a6828e4', 'userId', 'users'],
      ['reading_history', 'FK_c96778dbaded77993fe9a07c6ef', 'solutionId', 'solutions'],
    ];
    for (const [table, name, column, target] of foreignKeys)
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "reading_history"`);
    await queryRunner.query(`DROP TABLE "favourites"`);
  }
}
