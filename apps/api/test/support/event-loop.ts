import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/**
 * How long the event loop of this process (where the test app runs) was held at once while `work` ran: the longest
 * delay the loop saw, but never more than the CPU time the process spent meanwhile, since a block holds the CPU for
 * as long as it lasts. The lesser of the two leaves out the time a loaded machine kept the process off a core.
 * `gcMs` is the longest garbage-collection pause meanwhile: a block about as long was the collector's (of garbage the
 * test's own requests share with the app), not one handler's code.
 */
export async function loopBlockDuring<T>(
  work: () => PromiseLike<T>,
): Promise<{ result: T; blockedMs: number; gcMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((e) => e.duration)));
  gc.observe({ entryTypes: ['gc'] });
  loop.enable();
  const cpu = process.cpuUsage();
  try {
    const result = await work();
    const { user, system } = process.cpuUsage(cpu);
    pauses.push(...gc.takeRecords().map((e) => e.duration));
    return {
      result,
      blockedMs: Math.min(loop.max / 1e6, (user + system) / 1000),
      gcMs: Math.max(0, ...pauses),
    };
  } finally {
    loop.disable();
    gc.disconnect();
  }
}
