import type { AppConfig } from '../../../core/config/app-config';
import { BuiltinGenerator } from './builtin-generator.service';
import type { GenerationContext } from './stage-generator';

/** The built-in generator on a demand the catalogue has nothing for (issue 39: explain a miss). */
describe('the built-in generator, when no module of the demand’s field fits', () => {
  const generator = new BuiltinGenerator({ generatorStepMs: 0 } as AppConfig);
  const context = (content: string, language: 'zh' | 'en'): GenerationContext => ({
    demand: {
      name: 'x',
      content,
      keyValuePoints: '一年内把这件事情做成，效果可以量化衡量',
      language,
      answers: [],
    },
    stage: 'Startup',
    input: null,
    previous: [],
  });
  const run = async (ctx: GenerationContext) => {
    const details: (string | undefined)[] = [];
    const output = await generator.generate(ctx, async (key, _params, detail) => {
      if (key === 'modulesMatched') details.push(detail);
    });
    return { output, matched: details[0] };
  };

  it('says so, naming the demand’s industry, instead of filling the list with near misses', async () => {
    const { output, matched } = await run(
      context('我们诊所的合同散落在财务和后勤手里，续签常漏，希望合同统一管理。', 'zh'),
    );
    expect(output.suggested_modules!.map((m) => m.id)).toEqual(['contract-management']);
    expect(output.solution).toContain('模块目录中没有与');
    expect(output.solution).toContain('医疗行业模块');
    expect(matched).toBe('合同管理');
  });

  it('says so in English, and lists nothing when nothing at all fits', async () => {
    const { output, matched } = await run(context('Hmm, nothing much to say here at all.', 'en'));
    expect(output.suggested_modules).toEqual([]);
    expect(output.solution).toMatch(/No module of the catalogue matches “[^”]+”: add a custom module/);
    expect(output.solution).not.toMatch(/We suggest/);
    expect(matched).toMatch(/^No module of the catalogue matches/);
  });

  it('says nothing of a miss when the demand’s field is matched', async () => {
    const { output } = await run(context('冲压件焊点人工目检漏检率高，希望在线质检，缺陷可追溯。', 'zh'));
    expect(output.suggested_modules![0].id).toBe('visual-inspection');
    expect(output.solution).not.toContain('模块目录中没有');
  });
});
