import type { EntityManager } from 'typeorm';

/** The rows of an `UPDATE … RETURNING`; TypeORM answers UPDATE and DELETE as `[rows, count]`. */
export async function updateReturning<T>(
  m: Pick<EntityManager, 'query'>,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const [rows] = (await m.query(sql, params)) as [T[], number];
  return rows;
}
