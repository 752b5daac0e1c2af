import { statedMetrics } from './demand-numbers';

describe('the numbers a demand states about itself', () => {
  it('reads today’s value and the goal of each metric, the same metric merged', () => {
    expect(
      statedMetrics(
        '社区团购冷链配送，生鲜损耗率8%，车辆利用率不足60%。希望优化配送路线和全程温控，损耗率降到4%，车辆利用率提升到80%，准时率98%。',
      ),
    ).toEqual([
      { name: '损耗率', current: '8', target: '4', unit: '%' },
      { name: '车辆利用率', current: '60', target: '80', unit: '%' },
      { name: '准时率', target: '98', unit: '%' },
    ]);
  });

  it('reads "from … to …", reductions and increases', () => {
    expect(statedMetrics('缺货率从8%降到3%，库存周转天数从40天降到30天。停机时间减少30%。')).toEqual([
      { name: '缺货率', current: '8', target: '3', unit: '%' },
      { name: '库存周转天数', current: '40', target: '30', unit: '天' },
      { name: '停机时间下降', target: '30', unit: '%' },
    ]);
    expect(statedMetrics('We want to cut spoilage from 8% to 4% within a year.')).toEqual([
      { name: 'spoilage', current: '8', target: '4', unit: '%' },
    ]);
  });

  it('finds nothing in a demand without numbers', () => {
    expect(statedMetrics('希望提升门店运营效率，改善顾客体验。')).toEqual([]);
  });
});
