import { describe, expect, it } from 'vitest';
import {
  isAchieve,
  moduleProblems,
  OUTPUT_LIST_MAX,
  OUTPUT_TEXT_MAX,
  stageOutputProblems,
} from './stage-output';

const output = {
  summary: '摘要',
  solution: '方案',
  quantified_metrics: [
    { name: '缺货率', target: '3', unit: '%' },
    { name: '周转天数', target: 30 },
    { name: '达成度', explanation: '逐项核对' },
  ],
  achieves: [
    { 上线: { content: '两周内上线', acceptance: '验收', remarks: '' } },
    { 培训: { content: '培训' } },
  ],
  suggested_modules: [{ name: '智能补货', intro: '按销量补货', metrics: [{ name: '缺货率', value: 3 }] }],
};

describe('the stage output shape (one check for the API, the editor and the language model)', () => {
  it('accepts a whole output, numbers for targets and metric values, and achieves with content only', () => {
    expect(stageOutputProblems(output)).toEqual([]);
  });

  it('names each broken field by its path', () => {
    const broken = {
      summary: 1,
      solution: '方案',
      quantified_metrics: [{ name: '缺货率', target: ' ' }, { name: ' ', explanation: 'x' }, { name: 'x' }],
      achieves: [{ a: { content: '' }, b: { content: '' } }, { 上线: '只有文字' }],
      suggested_modules: [{ name: '' }, { name: 'm', intro: 3 }, { name: 'm', metrics: [{ name: 'x' }] }],
    };
    expect(stageOutputProblems(broken)).toEqual([
      'output.summary',
      'output.achieves[0]',
      'output.achieves[1]',
      'output.quantified_metrics[0]',
      'output.quantified_metrics[1]',
      'output.quantified_metrics[2]',
      'output.suggested_modules[0].name',
      'output.suggested_modules[1].intro',
      'output.suggested_modules[2].metrics',
    ]);
    expect(stageOutputProblems('text')).toEqual(['output']);
    expect(stageOutputProblems({ ...output, achieves: {} })).toEqual(['output.achieves']);
  });

  it('reads an achieve as the lab renderer does: one title, text content', () => {
    for (const bad of [null, [], {}, { a: null }, { a: { content: 1 } }, { a: { content: 'x', remarks: 2 } }])
      expect(isAchieve(bad)).toBe(false);
    expect(isAchieve({ a: { content: 'x', acceptance: null } })).toBe(true);
  });

  it('checks a module selection on its own', () => {
    expect(moduleProblems('none', 'selectedModules')).toEqual(['selectedModules']);
    expect(
      moduleProblems([{ name: '补货', metrics: [{ name: ' ', value: '1' }] }], 'selectedModules'),
    ).toEqual(['selectedModules[0].metrics']);
  });

  it('bounds each text at 20,000 characters and each list at 50 items (contract §11)', () => {
    const long = 'x'.repeat(OUTPUT_TEXT_MAX + 1);
    const many = <T>(item: T) => Array.from({ length: OUTPUT_LIST_MAX + 1 }, () => item);
    expect(stageOutputProblems({ ...output, summary: 'x'.repeat(OUTPUT_TEXT_MAX) })).toEqual([]);
    expect(
      stageOutputProblems({
        ...output,
        summary: long,
        module_overview: long,
        achieves: many(output.achieves[0]),
        quantified_metrics: many(output.quantified_metrics[0]),
        suggested_modules: [
          { name: 'm', intro: '', reason: long },
          { name: 'n', metrics: many({ name: 'k', value: 1 }) },
        ],
      }),
    ).toEqual([
      'output.summary',
      'output.module_overview',
      'output.achieves',
      'output.quantified_metrics',
      'output.suggested_modules[0].reason',
      'output.suggested_modules[1].metrics',
    ]);
    expect(isAchieve({ [long]: { content: '' } })).toBe(false);
    expect(moduleProblems(many({ name: 'm', intro: '' }), 'selectedModules')).toEqual(['selectedModules']);
  });
});
