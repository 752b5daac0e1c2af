import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files known to take longest, started first. Vitest orders by the last run's timings, which a clean clone
 * (CI) does not have; it then starts the largest files first, and the axe file, short to read and about a minute to
 * run, would start among the last and hold the whole run back by that minute.
 */
const SLOWEST = [
  'accessibility.e2e.ts',
  'accessibility-console.e2e.ts',
  'workshop.e2e.ts',
  'money.e2e.ts',
  'notifications.e2e.ts',
];

const rank = (spec: TestSpecification) => {
  const i = SLOWEST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return i === -1 ? SLOWEST.length : i;
};

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
