import { Counter, type Registry } from 'prom-client';
import { createRootLogger } from '../logging/app-logger';
import { requestContext } from '../logging/request-context';

/**
 * A promise that nobody handled must not end the process (Node's default): a push to a Redis that is down, say,
 * would otherwise take every request of the replica with it. It is logged, with the request or job it belongs to
 * where known, and counted. An uncaught exception still ends the process, after one log line: its state is unknown.
 */
export function guardProcess(name: string, logLevel: string): { countIn(registry: Registry): void } {
  const log = createRootLogger(logLevel).child({ process: name });
  let counter: Counter | undefined;
  let early = 0;
  process.on('unhandledRejection', (reason) => {
    const err = reason instanceof Error ? reason : new Error(String(reason));
    log.error({ err, requestId: requestContext.requestId() }, 'unhandled promise rejection');
    if (counter) counter.inc();
    else early += 1;
  });
  process.on('uncaughtException', (err) => {
    log.fatal({ err, requestId: requestContext.requestId() }, 'uncaught exception, exiting');
    process.exit(1);
  });
  return {
    countIn(registry: Registry) {
      counter = new Counter({
        name: 'process_unhandled_rejections_total',
        help: 'Promises rejected without a handler (logged, and the process kept running)',
        registers: [registry],
      });
      counter.inc(early);
    },
  };
}
