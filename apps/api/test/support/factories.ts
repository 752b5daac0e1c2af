import type { SolutionInput } from '@think-tank/contracts';
import { Solution } from '../../src/modules/solutions/entities/solution.entity';
import { writeSolution } from '../../src/modules/solutions/solutions.service';
import type { TestApp } from './test-app';

let seq = 0;

/** A solution in the library (and its search form), written through the real service. */
export async function createSolution(t: TestApp, fields: Partial<SolutionInput> = {}) {
  seq += 1;
  return t.db.transaction((tx) =>
    writeSolution(
      tx,
      tx.create(Solution, {
        projectName: `方案${seq}`,
        projectRequirements: `需求描述${seq}`,
        projectRequirementsDetails: `详细说明${seq}`,
        html: `<h1>方案${seq}</h1>`,
        ...fields,
      }),
    ),
  );
}
