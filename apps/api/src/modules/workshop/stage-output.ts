import { moduleProblems, stageOutputProblems } from '@think-tank/contracts';
import type { ValidationDetail } from '../../core/errors/app-error';

/** What an edited output and its module selection break of the shared shape (contract §8), as 400 details. */
export function stageDataProblems(output: unknown, selectedModules: unknown): ValidationDetail[] {
  return [...stageOutputProblems(output), ...moduleProblems(selectedModules, 'selectedModules')].map(
    (field) => ({ field, key: 'fieldInvalid' }),
  );
}
