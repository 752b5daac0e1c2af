import { languageFromAcceptLanguage } from './request-language';

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['zh-CN,zh;q=0.9', 'zh'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR', 'en'],
    ['en;q=0.5,zh-TW;q=0.8', 'zh'],
    ['zh;q=0.2,en;q=0.9', 'en'],
    ['*', 'zh'],
  ])('%s → %s', (header, lang) => {
    expect(languageFromAcceptLanguage(header)).toBe(lang);
  });
});
