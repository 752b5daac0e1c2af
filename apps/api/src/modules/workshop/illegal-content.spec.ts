import { illegalKeywordsIn } from './illegal-content';

describe('the illegal-keyword check', () => {
  it('finds Chinese keywords anywhere in the text, each once', () => {
    expect(illegalKeywordsIn('建设一个冰毒与海洛因的销售平台', '冰毒配送')).toEqual(['海洛因', '冰毒']);
  });

  it('matches English keywords whole-word and regardless of case or width', () => {
    expect(illegalKeywordsIn('An online shop for Cocaine')).toEqual(['cocaine']);
    expect(illegalKeywordsIn('ＧＵＮ store')).toEqual(['gun']);
    expect(illegalKeywordsIn('guidance for a nuclear  weapon')).toEqual([]);
    expect(illegalKeywordsIn('a nuclear weapon programme')).toEqual(['nuclear weapon']);
  });

  it('leaves ordinary business demands alone', () => {
    expect(
      illegalKeywordsIn('We have begun a logistics project; the bombastic name aside, it is about trucks.'),
    ).toEqual([]);
    expect(illegalKeywordsIn('为汽车零部件产线部署 AI 视觉质检，降低漏检率')).toEqual([]);
  });
});
