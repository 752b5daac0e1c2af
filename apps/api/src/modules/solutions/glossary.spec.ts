import { GLOSSARY } from './glossary';

describe('glossary', () => {
  it('holds at least 300 single-word entries, lowered, each with Chinese', () => {
    expect(GLOSSARY.size).toBeGreaterThanOrEqual(300);
    for (const [en, zh] of GLOSSARY) {
      expect(en).toMatch(/^[a-z0-9]+$/);
      expect(zh).toMatch(/\p{Script=Han}/u);
    }
    expect(GLOSSARY.get('ai')).toBe('人工智能');
  });
});
