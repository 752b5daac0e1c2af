import { cpus, totalmem } from 'node:os';

/** The machine a run measured, as its results name it: cores, processor and memory. */
export function machine(): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}, ${Math.round(totalmem() / 2 ** 30)} GiB)`;
}
