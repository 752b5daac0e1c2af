import type { StageOutput } from '@think-tank/contracts';
import { describe, expect, it } from 'vitest';
import { customModule, editProblems } from './stage-edit';

const output: StageOutput = {
  summary: 's',
  solution: 'x',
  quantified_metrics: [
    { name: '缺货率', target: '3', unit: '%' },
    { name: '达成度', explanation: '逐项核对' },
  ],
  achieves: [{ 上线: { content: 'c', acceptance: 'a', remarks: 'r' } }],
  suggested_modules: [],
};

describe('editProblems', () => {
  it('accepts a well-formed output and names each broken shape', () => {
    expect(editProblems(output, [])).toEqual([]);
    const broken = {
      ...output,
      achieves: [
        { a: { content: '', acceptance: '', remarks: '' }, b: { content: '', acceptance: '', remarks: '' } },
      ],
      quantified_metrics: [{ name: '缺货率', target: ' ' }],
    } as StageOutput;
    const unnamed = { ...customModule(), metrics: [{ name: '', value: '1' }] };
    expect(editProblems(broken, [unnamed])).toEqual([
      'output.achieves[0]',
      'output.quantified_metrics[0]',
      'selectedModules[0].name',
    ]);
    const unmeasured = { ...customModule(), name: '自定义', metrics: [{ name: ' ', value: '1' }] };
    expect(editProblems(output, [unmeasured])).toEqual(['selectedModules[0].metrics']);
  });

  it('refuses achieves whose item the lab renderer could not read, as the server does', () => {
    for (const achieve of [{ 上线: null }, { 上线: '只有文字' }, { 上线: { content: 1 } }])
      expect(editProblems({ ...output, achieves: [achieve] } as unknown as StageOutput, [])).toEqual([
        'output.achieves[0]',
      ]);
    const contentOnly = { ...output, achieves: [{ 上线: { content: '好' } }] } as unknown as StageOutput;
    expect(editProblems(contentOnly, [])).toEqual([]);
  });

  it('makes custom modules with their own ids and the fields the spec names', () => {
    const a = customModule();
    const b = customModule();
    expect(a.id).not.toBe(b.id);
    expect(a).toMatchObject({ isCustom: true, name: '', nameEn: '', descriptionEn: '', intro: '' });
  });
});
