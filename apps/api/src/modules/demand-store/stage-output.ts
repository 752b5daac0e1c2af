import { isAchieve } from '@think-tank/contracts';
import type { ValidationDetail } from '../../core/errors/app-error';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string';
const textOrAbsent = (v: unknown) => v === undefined || v === null || isText(v);

/** `{name, value}` items, as module metric lists are (contract §8). */
export function moduleProblems(modules: unknown, field: string): ValidationDetail[] {
  if (!Array.isArray(modules)) return [{ field, key: 'fieldInvalid' }];
  return modules.flatMap((m, i): ValidationDetail[] => {
    const at = `${field}[${i}]`;
    if (!isObject(m) || !isText(m.name) || !(m.name as string).trim())
      return [{ field: `${at}.name`, key: 'fieldInvalid' }];
    if (!textOrAbsent(m.intro)) return [{ field: `${at}.intro`, key: 'fieldInvalid' }];
    const metrics = m.metrics ?? [];
    if (
      !Array.isArray(metrics) ||
      !metrics.every((x) => isObject(x) && isText(x.name) && (isText(x.value) || typeof x.value === 'number'))
    )
      return [{ field: `${at}.metrics`, key: 'fieldInvalid' }];
    return [];
  });
}

/**
 * What is wrong with an output's shape (contract §8): `achieves` as `isAchieve` has them, `quantified_metrics`
 * `{name, explanation}` or `{name, target, unit?}`, modules with `{name, value}` metric lists. Empty when fine.
 */
export function stageOutputProblems(output: unknown, field = 'output'): ValidationDetail[] {
  if (!isObject(output)) return [{ field, key: 'fieldInvalid' }];
  const problems: ValidationDetail[] = [];
  for (const key of ['summary', 'solution'] as const)
    if (!isText(output[key])) problems.push({ field: `${field}.${key}`, key: 'fieldInvalid' });
  const achieves = output.achieves ?? [];
  if (!Array.isArray(achieves)) problems.push({ field: `${field}.achieves`, key: 'fieldInvalid' });
  else
    achieves.forEach((a, i) => {
      if (!isAchieve(a)) problems.push({ field: `${field}.achieves[${i}]`, key: 'fieldInvalid' });
    });
  const metrics = output.quantified_metrics ?? [];
  if (!Array.isArray(metrics)) problems.push({ field: `${field}.quantified_metrics`, key: 'fieldInvalid' });
  else
    metrics.forEach((m, i) => {
      const fine =
        isObject(m) &&
        isText(m.name) &&
        ((isText(m.explanation) && m.target === undefined) ||
          ((isText(m.target) || typeof m.target === 'number') && textOrAbsent(m.unit)));
      if (!fine) problems.push({ field: `${field}.quantified_metrics[${i}]`, key: 'fieldInvalid' });
    });
  problems.push(...moduleProblems(output.suggested_modules ?? [], `${field}.suggested_modules`));
  return problems;
}
