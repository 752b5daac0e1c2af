import { getQueueToken } from '@nestjs/bull';
import type { INestApplicationContext } from '@nestjs/common';
import { JobQueue } from '@think-tank/contracts';
import type { Queue } from 'bull';

/**
 * The jobs no processor in this process handles (`queue/job`). Bull itself refuses a second handler for a name;
 * a missing one would leave that job waiting in Redis for ever, so the worker checks at start.
 */
export function unhandledJobs(app: INestApplicationContext): string[] {
  return Object.entries(JobQueue)
    .filter(([job, queue]) => {
      // Bull keeps a queue's handlers by job name, `*` for one that takes every name (not in its typings).
      const q = app.get<Queue & { handlers?: Record<string, unknown> }>(getQueueToken(queue), {
        strict: false,
      });
      return !q.handlers?.[job] && !q.handlers?.['*'];
    })
    .map(([job, queue]) => `${queue}/${job}`);
}
