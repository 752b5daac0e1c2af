import type { QueryRunner } from 'typeorm';

/**
 * Runs a `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS "name" …` of a migration (outside a transaction). A build
 * that was killed or failed leaves its index INVALID, which `IF NOT EXISTS` would then take for done: such an index
 * is dropped first, so that a retry builds it again.
 */
export async function createIndexConcurrently(queryRunner: QueryRunner, statement: string): Promise<void> {
  const name = /CONCURRENTLY IF NOT EXISTS "([^"]+)"/.exec(statement)?.[1];
  if (!name) throw new Error(`not a concurrent index build: ${statement}`);
  const invalid: unknown[] = await queryRunner.query(
    `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
    [name],
  );
  if (invalid.length) await queryRunner.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`);
  await queryRunner.query(statement);
}
