import type {
  Achieve,
  DemandModule,
  ModuleMetric,
  QuantifiedMetric,
  StageData,
  StageOutput,
} from '@think-tank/contracts';
import { customModule } from './stage-edit';

type AchieveText = Achieve[string];

/** What a stage's output card holds: the output (edited or not), its modules and which are selected. */
export interface StageDraft {
  output: StageOutput;
  modules: DemandModule[];
  selected: Set<string>;
}

export type StageDraftAction =
  | { type: 'reset'; data: StageData }
  | { type: 'text'; field: 'summary' | 'solution'; value: string }
  | {
      type: 'metric';
      index: number;
      change: Partial<{ name: string; target: string; unit: string; explanation: string }>;
    }
  | { type: 'achieve'; index: number; change: Partial<{ title: string } & AchieveText> }
  | { type: 'module'; index: number; change: Partial<Omit<DemandModule, 'name' | 'metrics'>> }
  | { type: 'rename'; index: number; name: string }
  | { type: 'moduleMetric'; index: number; metric: number; change: Partial<ModuleMetric> }
  | { type: 'addModuleMetric'; index: number }
  | { type: 'addModule' }
  | { type: 'removeModule'; index: number }
  | { type: 'toggle'; name: string };

/** The suggestions plus any selected module that is not among them (a custom one). */
function withSelected(output: StageOutput, selected: DemandModule[]): DemandModule[] {
  const names = new Set(output.suggested_modules.map((m) => m.name));
  return [...output.suggested_modules, ...selected.filter((m) => !names.has(m.name))];
}

/** The card's state as the server sent the stage. */
export const draftOf = (data: StageData): StageDraft => ({
  output: data.output!,
  modules: withSelected(data.output!, data.selectedModules),
  selected: new Set(data.selectedModules.map((m) => m.name)),
});

const replaceAt = <T>(list: T[], index: number, change: (item: T) => T) =>
  list.map((item, i) => (i === index ? change(item) : item));

/** Every edit of the card, as one pure function (demand-workshop §3): the view only dispatches. */
export function stageDraftReducer(state: StageDraft, action: StageDraftAction): StageDraft {
  switch (action.type) {
    case 'reset':
      return draftOf(action.data);
    case 'text':
      return { ...state, output: { ...state.output, [action.field]: action.value } };
    case 'metric':
      return {
        ...state,
        output: {
          ...state.output,
          quantified_metrics: replaceAt(
            state.output.quantified_metrics,
            action.index,
            (m) => ({ ...m, ...action.change }) as QuantifiedMetric,
          ),
        },
      };
    case 'achieve':
      return {
        ...state,
        output: {
          ...state.output,
          // An outcome is one title keyed to its texts: a new title moves the texts under it.
          achieves: replaceAt(state.output.achieves, action.index, (a) => {
            const [[title, text] = ['', { content: '', acceptance: '', remarks: '' }]] = Object.entries(a);
            const { title: newTitle = title, ...change } = action.change;
            return { [newTitle]: { ...text, ...change } };
          }),
        },
      };
    case 'module':
      return {
        ...state,
        modules: replaceAt(state.modules, action.index, (m) => ({ ...m, ...action.change })),
      };
    case 'rename': {
      // A selected module stays selected under its new name.
      const old = state.modules[action.index].name;
      const selected = new Set(state.selected);
      if (selected.delete(old)) selected.add(action.name);
      return {
        ...state,
        selected,
        modules: replaceAt(state.modules, action.index, (m) => ({ ...m, name: action.name })),
      };
    }
    case 'moduleMetric':
      return {
        ...state,
        modules: replaceAt(state.modules, action.index, (m) => ({
          ...m,
          metrics: replaceAt(m.metrics, action.metric, (x) => ({ ...x, ...action.change })),
        })),
      };
    case 'addModuleMetric':
      return {
        ...state,
        modules: replaceAt(state.modules, action.index, (m) => ({
          ...m,
          metrics: [...m.metrics, { name: '', value: '' }],
        })),
      };
    case 'addModule':
      return { ...state, modules: [...state.modules, customModule()] };
    case 'removeModule': {
      const selected = new Set(state.selected);
      selected.delete(state.modules[action.index].name);
      return { ...state, selected, modules: state.modules.filter((_, i) => i !== action.index) };
    }
    case 'toggle': {
      const selected = new Set(state.selected);
      if (!selected.delete(action.name)) selected.add(action.name);
      return { ...state, selected };
    }
  }
}
