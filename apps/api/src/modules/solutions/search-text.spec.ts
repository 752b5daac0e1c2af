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
    expect(requiredGrams('erp')).toEqual(['er', 'rp']);
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
