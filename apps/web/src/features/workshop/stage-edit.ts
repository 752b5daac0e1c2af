import { isAchieve, type DemandModule, type QuantifiedMetric, type StageOutput } from '@think-tank/contracts';

/**
 * What is wrong with an edited output before it is sent (the server checks the same, contract §8):
 * achieves as `isAchieve` has them, metrics have a name and either an explanation or a target.
 */
export function editProblems(output: StageOutput, modules: DemandModule[]): string[] {
  const problems: string[] = [];
  if (!Array.isArray(output.achieves) || !output.achieves.every(isAchieve)) problems.push('achieves');
  output.quantified_metrics.forEach((m: QuantifiedMetric, i) => {
    if (!m.name.trim() || ('target' in m ? !String(m.target).trim() : !('explanation' in m)))
      problems.push(`quantified_metrics[${i}]`);
  });
  modules.forEach((m, i) => {
    if (!m.name.trim()) problems.push(`modules[${i}].name`);
    if (m.metrics.some((x) => !x.name.trim())) problems.push(`modules[${i}].metrics`);
  });
  return problems;
}

let customSeq = 0;
/** A new, empty custom module (demand-workshop §3: id, isCustom, English name and description). */
export function customModule(): DemandModule {
  customSeq += 1;
  return {
    id: `custom-${Date.now().toString(36)}-${customSeq}`,
    isCustom: true,
    name: '',
    nameEn: '',
    descriptionEn: '',
    intro: '',
    metrics: [{ name: '', value: '' }],
  };
}
