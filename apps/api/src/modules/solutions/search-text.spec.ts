import { gramsOf, queryTerms, requiredGrams, searchText } from './search-text';

describe('search text', () => {
  it('lowers and joins fields so that nothing spans two of them', () => {
    const text = searchText(['AI 质检', '制造', 'Vision']);
    expect(text).toBe('ai 质检\n制造\nvision');
    const grams = gramsOf(text);
    expect(grams).toEqual(expect.arrayContaining(['a', 'ai', '质', '质检', '制造', 'vi', 'on']));
    expect(grams).not.toContain('检制');
    expect(grams).not.toContain('i ');
    expect(new Set(grams).size).toBe(grams.length);
  });

  it('asks the index for a short term itself and for the bigrams of a longer one', () => {
    expect(requiredGrams('质')).toEqual(['质']);
    expect(requiredGrams('质检')).toEqual(['质检']);
    expect(requiredGrams('智能质检')).toEqual(['智能', '能质', '质检']);
  });

  it('stores Latin trigrams and asks for them instead of the bigrams they cover', () => {
    const grams = gramsOf(searchText(['ERP 系统', 'gpt4o 与 5g基站']));
    expect(grams).toEqual(expect.arrayContaining(['erp', 'gpt', 'pt4', 't4o', 't4', '5g', 'g基']));
    // Only letters and digits: never across white space or into Chinese.
    expect(grams).not.toContain('5g基');
    expect(grams.filter((g) => Array.from(g).length === 3).sort()).toEqual(['erp', 'gpt', 'pt4', 't4o']);
    expect(requiredGrams('erp')).toEqual(['erp']);
    expect(requiredGrams('gpt4o')).toEqual(['gpt', 'pt4', 't4o']);
    expect(requiredGrams('erp系统')).toEqual(['erp', 'p系', '系统']);
    expect(requiredGrams('ai质检')).toEqual(['ai', 'i质', '质检']);
    // Whatever the term, every gram it asks for is in a text that contains it.
    for (const term of ['erp系统', 'gpt4o', 'ai质检', 'p系统', '4o']) {
      const text = searchText([`前文x${term}y后文`]);
      expect(gramsOf(text)).toEqual(expect.arrayContaining(requiredGrams(term)));
    }
  });

  it('splits a query on any white space, lowered and without repeats', () => {
    expect(queryTerms('  AI\u3000制造  ai\t仓储 ')).toEqual(['ai', '制造', '仓储']);
    expect(queryTerms(undefined)).toEqual([]);
    expect(queryTerms('   ')).toEqual([]);
  });

  it('treats characters outside the basic plane as single characters', () => {
    expect(gramsOf('𠀀a')).toEqual(['𠀀', '𠀀a', 'a']);
  });
});
