import { candidateWordSets, WORD_SETS_MAX, wordSets } from './solution-search.query';

describe('the sets of words the words path asks the index for', () => {
  it('chooses k of the words, each as one of its alternatives', () => {
    expect(wordSets([['门店'], ['库存', '存货'], ['会员']], 2)).toEqual([
      ['门店', '库存'],
      ['门店', '存货'],
      ['门店', '会员'],
      ['库存', '会员'],
      ['存货', '会员'],
    ]);
  });

  it('gives up past the most sets it may ask for', () => {
    const ten = Array.from({ length: 10 }, (_, i) => [`词${i}`]);
    expect(wordSets(ten, 5)).toBeNull(); // C(10, 5) = 252
    expect(wordSets(ten, 3)!.length).toBe(120);
  });

  it('asks for fewer words per set rather than too many sets, so no solution holding enough words is missed', () => {
    const ten = Array.from({ length: 10 }, (_, i) => [`词${i}`]);
    const sets = candidateWordSets(ten, 5);
    // C(10, 5) = 252 and C(10, 4) = 210 are past the most; C(10, 3) = 120 is not.
    expect(sets.length).toBe(120);
    expect(sets.length).toBeLessThanOrEqual(WORD_SETS_MAX);
    const held = ['词1', '词3', '词4', '词7', '词9'];
    expect(sets.some((set) => set.every((word) => held.includes(word)))).toBe(true);
    expect(candidateWordSets(ten, 1)).toEqual(ten);
  });
});
