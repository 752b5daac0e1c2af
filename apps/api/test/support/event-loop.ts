import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * How long the event loop of this process (where the test app runs) was held at once while `work` ran: the longest
 * delay the loop saw, but never more than the CPU time the process spent meanwhile, since a block holds the CPU for
 * as long as it lasts. The lesser of the two leaves out the time a loaded machine kept the process off a core.
 */
export async function loopBlockDuring<T>(
  work: () => PromiseLike<T>,
): Promise<{ result: T; blockedMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  try {
    const result = await work();
    const { user, system } = process.cpuUsage(cpu);
    return { result, blockedMs: Math.min(loop.max / 1e6, (user + system) / 1000) };
  } finally {
    loop.disable();
  }
}
