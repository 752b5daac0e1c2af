import {
  moduleProblems,
  stageOutputProblems,
  type DemandModule,
  type StageOutput,
} from '@think-tank/contracts';

/** What is wrong with an edited output before it is sent: the server's own check (contract §8), run here first. */
export function editProblems(output: StageOutput, modules: DemandModule[]): string[] {
  return [...stageOutputProblems(output), ...moduleProblems(modules, 'selectedModules')];
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
