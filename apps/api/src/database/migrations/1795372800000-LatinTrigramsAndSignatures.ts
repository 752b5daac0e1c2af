import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two additions to each search row, made in one pass over the library (each pass rewrites every row and rebuilds
 * the GIN index):
 * - the Latin trigrams of the text (three letters or digits in a row) join its grams: a Latin term's bigrams each
 *   occur in most documents, its trigrams in few. Computed here from the maximal runs of letters and digits in the
 *   stored (lowered) text, exactly as gramsOf() computes them on write;
 * - a signature: the grams hashed into 4,096 bits. A query with more than 1,000 matches pages them by walking the
 *   recency index; each row it passes used to cost a strpos() over about 3.5 KB of text, now mostly a bit test or
 *   two (only rows whose bits are all set are searched). A trigger computes it from the grams on every write.
 */
export class LatinTrigramsAndSignatures1795372800000 implements MigrationInterface {
  name = 'LatinTrigramsAndSignatures1795372800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The bit a gram sets: one definition for the signature and for the queries that test it.
    await queryRunner.query(`
      CREATE FUNCTION gram_bit(gram text) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT hashtext(gram) & 4095 $$`);
    await queryRunner.query(`
      CREATE FUNCTION gram_signature(grams text[]) RETURNS bit(4096) LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        signature bit(4096) := repeat('0', 4096)::bit(4096);
        gram text;
      BEGIN
        FOREACH gram IN ARRAY grams LOOP
          signature := set_bit(signature, gram_bit(gram), 1);
        END LOOP;
        RETURN signature;
      END $$`);
    // A trigger rather than a generated column: TypeORM keys a generated column's expression by the database's
    // name, which a restored or cloned database does not keep.
    await queryRunner.query(`
      CREATE FUNCTION solution_search_sign() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."signature" := gram_signature(NEW."grams");
        RETURN NEW;
      END $$`);
    await queryRunner.query(`ALTER TABLE "solution_search" ADD "signature" bit(4096)`);
    // Tested row by row: never compressed or moved out of line.
    await queryRunner.query(`ALTER TABLE "solution_search" ALTER COLUMN "signature" SET STORAGE PLAIN`);
    await queryRunner.query(`
      CREATE TRIGGER "solution_search_sign" BEFORE INSERT OR UPDATE OF "grams" ON "solution_search"
      FOR EACH ROW EXECUTE FUNCTION solution_search_sign()`);
    // Rewriting every row is far faster without the GIN index (each new row version would add ~1,000 entries).
    await queryRunner.query(`DROP INDEX "public"."IDX_solution_search_grams"`);
    // Every row is written, with or without Latin text, so that the trigger signs it.
    await queryRunner.query(`
      UPDATE "solution_search" s SET "grams" = s."grams" || ARRAY(
        SELECT DISTINCT substr(m[1], i, 3)
        FROM regexp_matches(s."text", '[a-z0-9]{3,}', 'g') m, generate_series(1, length(m[1]) - 2) i)`);
    await queryRunner.query(`ALTER TABLE "solution_search" ALTER COLUMN "signature" SET NOT NULL`);
    // Built in memory: with the default 64 MB a GIN index over 100,000 rows takes many minutes.
    await queryRunner.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    await queryRunner.query(
      `CREATE INDEX "IDX_solution_search_grams" ON "solution_search" USING gin ("grams")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "solution_search_sign" ON "solution_search"`);
    await queryRunner.query(`ALTER TABLE "solution_search" DROP COLUMN "signature"`);
    await queryRunner.query(`DROP FUNCTION solution_search_sign()`);
    await queryRunner.query(`DROP FUNCTION gram_signature(text[])`);
    await queryRunner.query(`DROP FUNCTION gram_bit(text)`);
    await queryRunner.query(
      `UPDATE "solution_search" SET "grams" = ARRAY(SELECT g FROM unnest("grams") g WHERE g !~ '^[a-z0-9]{3}$')`,
    );
  }
}
