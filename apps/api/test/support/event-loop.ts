import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/**
 * CPU time of the calling thread, the event loop's, in ms: Node's own where it has one (the images' Node 24), Linux's
 * /proc/thread-self (10 ms ticks) on Node 20, else the whole process's. The process's alone counts what its other
 * threads do meanwhile (concurrent compilation and marking, the libuv pool hashing a password), which blocks nothing.
 */
function loopThreadCpuMs(): number {
  const own = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  if (own) {
    const { user, system } = own();
    return (user + system) / 1000;
  }
  try {
    // Fields after "pid (name) ": the 12th and 13th are utime and stime, in ticks of 10 ms (USER_HZ).
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** The coarsest of those readings: a difference of two may be short by one tick. */
const CPU_TICK_MS = 10;

/**
 * How long the event loop of this process (where the test app runs) was held at once while `work` ran: the longest
 * delay the loop saw, but never more than the CPU time its thread spent meanwhile, since a block holds the CPU for
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
  const cpu = loopThreadCpuMs();
  try {
    const result = await work();
    const cpuMs = loopThreadCpuMs() - cpu;
    pauses.push(...gc.takeRecords().map((e) => e.duration));
    return { result, blockedMs: Math.min(loop.max / 1e6, cpuMs + CPU_TICK_MS), gcMs: Math.max(0, ...pauses) };
  } finally {
    loop.disable();
    gc.disconnect();
  }
}
