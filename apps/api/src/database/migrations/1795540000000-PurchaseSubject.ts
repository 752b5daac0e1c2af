import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * While both columns sets exist (a release's rollout, docs/operations/releases.md), a row written by either code carries both:
 * an older pod's solution, demand and stage become the subject, and a newer pod's subject fills them in.
 */
export const SYNC_ORDER_SUBJECT = `
  CREATE FUNCTION orders_subject_sync() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW."subjectKind" IS NULL AND (NEW."solutionId" IS NOT NULL OR NEW."demandId" IS NOT NULL) THEN
      NEW."subjectKind" := CASE WHEN NEW."solutionId" IS NOT NULL THEN 'solution' ELSE 'demand' END;
      NEW."subjectId" := COALESCE(NEW."solutionId", NEW."demandId");
      NEW."subjectPart" := NEW."stage";
    ELSIF NEW."subjectKind" IS NOT NULL AND NEW."solutionId" IS NULL AND NEW."demandId" IS NULL THEN
      NEW."solutionId" := CASE WHEN NEW."subjectKind" = 'solution' THEN NEW."subjectId" END;
      NEW."demandId" := CASE WHEN NEW."subjectKind" = 'demand' THEN NEW."subjectId" END;
      NEW."stage" := NEW."subjectPart";
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER orders_subject_sync BEFORE INSERT OR UPDATE ON "orders"
    FOR EACH ROW EXECUTE FUNCTION orders_subject_sync()`;

/**
 * Billing no longer knows what it sells: an order's solution, demand and stage become one purchase subject (kind,
 * id, part). Existing orders keep what they were for. The expand step alone: the old columns stay, kept in step by
 * a trigger, so that pods of the previous release go on reading and writing orders during the rollout; a later
 * release drops them (OrderSubjectContract). Databases that ran this migration before that split lost the old
 * columns here already; the contract step is a no-op on them.
 */
export class PurchaseSubject1795540000000 implements MigrationInterface {
  name = 'PurchaseSubject1795540000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "subjectKind" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "subjectId" uuid`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "subjectPart" character varying(16)`);
    await queryRunner.query(
      `UPDATE "orders" SET
         "subjectKind" = CASE WHEN "solutionId" IS NOT NULL THEN 'solution' WHEN "demandId" IS NOT NULL THEN 'demand' END,
         "subjectId" = COALESCE("solutionId", "demandId"),
         "subjectPart" = "stage"
       WHERE "solutionId" IS NOT NULL OR "demandId" IS NOT NULL`,
    );
    await queryRunner.query(SYNC_ORDER_SUBJECT);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER orders_subject_sync ON "orders"`);
    await queryRunner.query(`DROP FUNCTION orders_subject_sync()`);
    await queryRunner.query(
      `UPDATE "orders" SET
         "solutionId" = CASE WHEN "subjectKind" = 'solution' THEN "subjectId" END,
         "demandId" = CASE WHEN "subjectKind" = 'demand' THEN "subjectId" END,
         "stage" = "subjectPart"`,
    );
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "subjectPart"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "subjectId"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "subjectKind"`);
  }
}
