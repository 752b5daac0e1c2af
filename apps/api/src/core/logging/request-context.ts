import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ requestId: string }>();

/**
 * The request a stage job belongs to, in the worker: a job's payload carries the id of the request that queued
 * it, and the worker runs the job in its context, so that the job's log lines name that request.
 *
 * Not used in the API: on Node 20 an active AsyncLocalStorage tracks every promise of every request, which cost
 * the solution view a fifth of its throughput (measured with `npm run bench`); requests pass their id on
 * explicitly instead (`@CurrentUser()`, the settle request).
 */
export const requestContext = {
  run<T>(requestId: string, work: () => T): T {
    return storage.run({ requestId }, work);
  },
  requestId(): string | undefined {
    return storage.getStore()?.requestId;
  },
};
