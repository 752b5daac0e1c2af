import type { INestApplicationContext } from '@nestjs/common';

/**
 * On SIGTERM or SIGINT: close the application (the HTTP server stops taking requests and finishes those in flight,
 * sockets are closed so clients reconnect to another replica, Bull lets a running job finish, pools close), then
 * exit 0. A close that outlasts `timeoutMs` (kept under the orchestrator's grace period) exits 1 instead.
 * The one shutdown path: Nest's own shutdown hooks stay off, or the application would be closed twice.
 */
export function closeOnSignals<T extends INestApplicationContext>(
  /** The application being created: the handlers are in place before it takes its first job or request. */
  starting: Promise<T>,
  timeoutMs: number,
  name: string,
  /** Runs first, while the application closes (the API drops idle keep-alive connections there). */
  onClosing?: (app: T) => void,
): void {
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${name}: ${signal} received, closing`);
    setTimeout(() => {
      console.error(`${name}: not closed within ${timeoutMs} ms, exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    try {
      const app = await starting;
      onClosing?.(app);
      await app.close();
      process.exit(0);
    } catch (e) {
      console.error(`${name}: closing failed: ${(e as Error).message}`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void close(s));
}
