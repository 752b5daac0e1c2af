import type { Achieve } from './workshop';

/**
 * The one check of a stage output's shape (contract §8). The API runs it on every save and on every language
 * model answer, and the client's editor runs it before sending, so both accept exactly the same outputs, and an
 * accepted output always renders. Each function answers the paths of the broken fields (`output.achieves[0]`),
 * empty when all is well. Sizes are bounded too (contract §11 "Bounded cost"), so that no output costs its readers
 * and exports more than a real one would.
 */

/** The longest text of an output (a summary, a metric's name, …), in characters. */
export const OUTPUT_TEXT_MAX = 20_000;
/** The most items of a list of an output (achieves, metrics, modules, a module's metrics). */
export const OUTPUT_LIST_MAX = 50;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= OUTPUT_TEXT_MAX;
const isList = (v: unknown): v is unknown[] => Array.isArray(v) && v.length <= OUTPUT_LIST_MAX;
const textOrAbsent = (v: unknown) => v === undefined || v === null || isText(v);
const named = (v: Record<string, unknown>) => isText(v.name) && v.name.trim() !== '';
const filled = (v: unknown) => (isText(v) && v.trim() !== '') || typeof v === 'number';

/**
 * One `achieves` item as every renderer reads it: a single title whose value has the text `content`, and text or
 * nothing for `acceptance` and `remarks`.
 */
export function isAchieve(value: unknown): value is Achieve {
  if (!isObject(value)) return false;
  const entries = Object.entries(value);
  if (entries.length !== 1 || entries[0][0].length > OUTPUT_TEXT_MAX) return false;
  const item = entries[0][1];
  return (
    isObject(item) && isText(item.content) && textOrAbsent(item.acceptance) && textOrAbsent(item.remarks)
  );
}

/** Modules: a name, text or nothing for the intro, and metrics with a name and a text or number value. */
export function moduleProblems(modules: unknown, field: string): string[] {
  if (!isList(modules)) return [field];
  return modules.flatMap((m, i) => {
    const at = `${field}[${i}]`;
    if (!isObject(m) || !named(m)) return [`${at}.name`];
    if (!textOrAbsent(m.intro)) return [`${at}.intro`];
    if (!textOrAbsent(m.reason)) return [`${at}.reason`];
    const metrics = m.metrics ?? [];
    const fine =
      isList(metrics) &&
      metrics.every((x) => isObject(x) && named(x) && (isText(x.value) || typeof x.value === 'number'));
    return fine ? [] : [`${at}.metrics`];
  });
}

/**
 * A whole output: text `summary` and `solution`, `achieves` as `isAchieve` has them, `quantified_metrics` named
 * with either an `explanation` or a non-empty `target` (and an optional `unit`), and `suggested_modules`.
 */
export function stageOutputProblems(output: unknown, field = 'output'): string[] {
  if (!isObject(output)) return [field];
  const problems: string[] = [];
  for (const key of ['summary', 'solution'] as const)
    if (!isText(output[key])) problems.push(`${field}.${key}`);
  for (const key of ['module_overview', 'implementation_showcase'] as const)
    if (!textOrAbsent(output[key])) problems.push(`${field}.${key}`);
  const achieves = output.achieves ?? [];
  if (!isList(achieves)) problems.push(`${field}.achieves`);
  else achieves.forEach((a, i) => isAchieve(a) || problems.push(`${field}.achieves[${i}]`));
  const metrics = output.quantified_metrics ?? [];
  if (!isList(metrics)) problems.push(`${field}.quantified_metrics`);
  else
    metrics.forEach((m, i) => {
      const fine =
        isObject(m) &&
        named(m) &&
        (m.target === undefined ? isText(m.explanation) : filled(m.target) && textOrAbsent(m.unit));
      if (!fine) problems.push(`${field}.quantified_metrics[${i}]`);
    });
  problems.push(...moduleProblems(output.suggested_modules ?? [], `${field}.suggested_modules`));
  return problems;
}
