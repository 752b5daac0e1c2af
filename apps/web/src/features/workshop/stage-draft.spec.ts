import type { DemandModule, StageData, StageOutput } from '@think-tank/contracts';
import { describe, expect, it } from 'vitest';
import { draftOf, stageDraftReducer as reduce } from './stage-draft';

const forecast: DemandModule = {
  name: '销量预测',
  intro: '预测',
  metrics: [{ name: '准确率', value: '85%' }],
};
const custom: DemandModule = { id: 'c1', isCustom: true, name: '自建模块', intro: '自建', metrics: [] };
const output: StageOutput = {
  summary: 's',
  solution: 'x',
  quantified_metrics: [
    { name: '缺货率', target: '3', unit: '%' },
    { name: '达成度', explanation: '逐项核对' },
  ],
  achieves: [{ 缺货率下降: { content: '缺货率降到3%', acceptance: '月报核对', remarks: '' } }],
  suggested_modules: [forecast],
};
const data = { output, selectedModules: [forecast, custom] } as unknown as StageData;

describe('stageDraftReducer', () => {
  it('shows the suggestions plus the selected custom modules, with the server’s selection', () => {
    const draft = draftOf(data);
    expect(draft.modules.map((m) => m.name)).toEqual(['销量预测', '自建模块']);
    expect([...draft.selected]).toEqual(['销量预测', '自建模块']);
  });

  it('keeps a renamed module selected, and unselects a removed one', () => {
    let draft = reduce(draftOf(data), { type: 'rename', index: 1, name: '门店盘点' });
    expect([...draft.selected].sort()).toEqual(['销量预测', '门店盘点'].sort());
    draft = reduce(draft, { type: 'removeModule', index: 1 });
    expect(draft.modules.map((m) => m.name)).toEqual(['销量预测']);
    expect([...draft.selected]).toEqual(['销量预测']);
  });

  it('edits texts, a metric’s target (keeping its unit) and a module’s metrics without touching the server’s output', () => {
    let draft = reduce(draftOf(data), { type: 'text', field: 'summary', value: '新摘要' });
    draft = reduce(draft, { type: 'metric', index: 0, change: { target: '2' } });
    draft = reduce(draft, { type: 'addModuleMetric', index: 0 });
    draft = reduce(draft, { type: 'moduleMetric', index: 0, metric: 1, change: { name: '缺货率' } });
    expect(draft.output.summary).toBe('新摘要');
    expect(draft.output.quantified_metrics[0]).toEqual({ name: '缺货率', target: '2', unit: '%' });
    expect(draft.modules[0].metrics).toEqual([
      { name: '准确率', value: '85%' },
      { name: '缺货率', value: '' },
    ]);
    expect(output.summary).toBe('s');
    expect(forecast.metrics).toHaveLength(1);
  });

  it('toggles a selection and adds an empty custom module; reset goes back to the server’s stage', () => {
    let draft = reduce(draftOf(data), { type: 'toggle', name: '销量预测' });
    expect(draft.selected.has('销量预测')).toBe(false);
    draft = reduce(draft, { type: 'addModule' });
    expect(draft.modules[2]).toMatchObject({ isCustom: true, name: '' });
    expect(reduce(draft, { type: 'reset', data })).toEqual(draftOf(data));
  });

  it('edits an outcome’s title (its texts move with it) and texts, a metric’s unit and another’s explanation', () => {
    let draft = reduce(draftOf(data), { type: 'achieve', index: 0, change: { title: '缺货减少' } });
    draft = reduce(draft, { type: 'achieve', index: 0, change: { remarks: '按门店统计' } });
    expect(draft.output.achieves).toEqual([
      { 缺货减少: { content: '缺货率降到3%', acceptance: '月报核对', remarks: '按门店统计' } },
    ]);
    draft = reduce(draft, { type: 'metric', index: 0, change: { unit: '个百分点' } });
    draft = reduce(draft, { type: 'metric', index: 1, change: { explanation: '每月逐项核对' } });
    expect(draft.output.quantified_metrics).toEqual([
      { name: '缺货率', target: '3', unit: '个百分点' },
      { name: '达成度', explanation: '每月逐项核对' },
    ]);
    expect(output.achieves[0]).toHaveProperty('缺货率下降');
  });
});
