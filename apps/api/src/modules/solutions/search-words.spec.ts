import { chineseWords, isFunctionWord, queryWords } from './search-words';

describe('reading a Chinese sentence as its words', () => {
  it('drops function words and joins the characters a word was cut into', () => {
    expect(chineseWords('质检靠人工看太慢了')).toEqual(['质检', '人工']);
    // A single character counts only where the sentence has no other word.
    expect(chineseWords('设备老是坏怎么提前知道')).toEqual(['设备', '提前']);
    expect(chineseWords('机器人')).toEqual(['机器人']);
    expect(chineseWords('门店缺货怎么办')).toEqual(['门店', '缺货']);
    expect(chineseWords('想做一个会员营销系统')).toEqual(['会员', '营销', '系统']);
  });

  it('holds the function words of the contract', () => {
    for (const word of ['的', '了', '吗', '怎么', '怎么办', '如何', '老是', '总是'])
      expect(isFunctionWord(word)).toBe(true);
    expect(isFunctionWord('质检')).toBe(false);
  });

  it('splits only the terms no solution holds whole, keeps a Latin term with its translation, at most eight words', () => {
    expect(queryWords([['ai', '人工智能'], ['质检太慢']], [false, true])).toEqual([
      ['ai', '人工智能'],
      ['质检'],
    ]);
    // A term some solution holds whole stays whole.
    expect(queryWords([['冷链'], ['质检周转']], [false, true])).toEqual([['冷链'], ['质检'], ['周转']]);
    expect(queryWords([['门店门店缺货']], [true])).toEqual([['门店'], ['缺货']]);
    expect(queryWords([['设备故障维修成本库存缺货门店会员营销系统']], [true]).length).toBe(8);
  });
});
