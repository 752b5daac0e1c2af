import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AppError } from '../errors/app-error';

/**
 * Answers a pending request (a VIP application, an invoice request) exactly once: a conditional UPDATE from
 * `pending` (or the status given as `from`), in the caller's transaction, so that of any number of concurrent
 * decisions one wins. The row as it is now; 409 APPLICATION_DECIDED when it was answered already, 404 when there is
 * none.
 */
export async function decidePending<T extends ObjectLiteral>(
  tx: EntityManager,
  target: EntityTarget<T>,
  id: string,
  decision: QueryDeepPartialEntity<T>,
  returning: string = '*',
  from = 'pending',
): Promise<T> {
  const { raw } = await tx
    .createQueryBuilder()
    .update(target)
    .set(decision)
    .where('id = :id AND status = :from', { id, from })
    .returning(returning)
    .execute();
  if (raw[0]) return tx.create(target, raw[0] as T);
  throw new AppError((await tx.existsBy(target, { id } as never)) ? 'APPLICATION_DECIDED' : 'NOT_FOUND');
}
