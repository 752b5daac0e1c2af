import type { AppConfig } from '../../../core/config/app-config';
import { BuiltinGenerator } from './builtin-generator.service';
import { answersOf, questionsFor, renderQuestions } from './clarifying-questions';
import { matchModules } from './demand-analysis';

const VAGUE = '想做数字化转型，提升效率\n希望整体运营效率明显提升，管理更加规范透明';

describe('the questions registration asks (contract §12)', () => {
  it('asks for the industry when none is read, and for the scale when the demand gives no number', () => {
    expect(questionsFor(VAGUE)).toEqual(['industry', 'scale']);
    expect(questionsFor('连锁零售门店库存周转慢，缺货率8%，希望智能补货')).toEqual([]);
    expect(questionsFor('连锁零售门店库存周转慢，希望智能补货')).toEqual(['scale']);
    // A Chinese numeral with its measure word is a number too.
    expect(questionsFor('我们有三家工厂，想做设备预测性维护')).toEqual([]);
  });

  it('offers the library’s industries for the industry, in the reader’s language, with the answer given', () => {
    const [industry, scale] = renderQuestions(
      [
        { id: 'industry', answer: '冷链物流' },
        { id: 'scale', answer: null },
      ],
      'en',
    );
    expect(industry).toMatchObject({ id: 'industry', answer: '冷链物流' });
    expect(industry.text).toBe('Which industry is your business in?');
    expect(industry.options).toContain('Logistics');
    expect(scale.options).toBeUndefined();
  });

  it('has the built-in generator read an answered industry: cold-chain modules, and the answer quoted', async () => {
    const generator = new BuiltinGenerator({ generatorStepMs: 0 } as AppConfig);
    const [content, keyValuePoints] = VAGUE.split('\n');
    const run = (answers: { id: 'industry'; answer: string }[]) =>
      generator.generate(
        {
          demand: { name: 'x', content, keyValuePoints, language: 'zh', answers: answersOf(answers, 'zh') },
          stage: 'Startup',
          input: null,
          previous: [],
        },
        async () => undefined,
      );
    const coldChain = matchModules('冷链物流', 10).modules.map((m) => m.module.name);
    expect(coldChain.length).toBeGreaterThan(0);
    const before = await run([]);
    const after = await run([{ id: 'industry', answer: '冷链物流' }]);
    expect(before.suggested_modules.map((m) => m.name)).not.toEqual(
      after.suggested_modules.map((m) => m.name),
    );
    for (const m of after.suggested_modules) expect(coldChain).toContain(m.name);
    expect(after.solution).toContain('已参考您的回答：行业：冷链物流。');
  });
});
