import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ requestId: string }>();

/**
 * The request (or job) a piece of work belongs to: set for each HTTP request, carried in a job's payload to the
 * worker and set again there, so that the log lines of a stage job name the request that queued it.
 */
export const requestContext = {
  /** From here on in this asynchronous context (an HTTP request's hooks and handler). */
  enter(requestId: string): void {
    storage.enterWith({ requestId });
  },
  run<T>(requestId: string, work: () => T): T {
    return storage.run({ requestId }, work);
  },
  requestId(): string | undefined {
    return storage.getStore()?.requestId;
  },
};
