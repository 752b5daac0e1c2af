import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, looksLikeMainlandMobile, passwordError, registrationErrors } from './validation';
import { languageOf } from './i18n';

describe('registration rules', () => {
  const valid = {
    username: 'li_lei',
    email: 'li@example.cn',
    password: 'Secr3t!pw',
    confirmPassword: 'Secr3t!pw',
  };

  it('accepts a valid form', () => {
    expect(registrationErrors(valid)).toEqual({});
  });

  it('names each broken rule', () => {
    expect(registrationErrors({ username: ' ', email: '', password: '', confirmPassword: 'x' })).toEqual({
      username: 'usernameRequired',
      email: 'emailRequired',
      password: 'passwordRequired',
      confirmPassword: 'passwordMismatch',
    });
    expect(registrationErrors({ ...valid, username: 'a@b', email: 'not-an-email' })).toMatchObject({
      username: 'usernameInvalid',
      email: 'emailInvalid',
    });
  });

  it.each([
    ['Sh0rt!', 'passwordTooShort'],
    ['alllowercase1!', 'passwordComposition'],
    ['NoDigits!!', 'passwordComposition'],
    ['NoSpecial12', 'passwordComposition'],
    ['Good1!pass', null],
  ])('password %s → %s', (password, expected) => {
    expect(passwordError(password)).toBe(expected);
  });
});

describe('languageOf', () => {
  it('treats any zh tag as Chinese and everything else as English', () => {
    expect(languageOf('zh-CN')).toBe('zh');
    expect(languageOf('ZH-tw')).toBe('zh');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });
});

describe('EMAIL_PATTERN', () => {
  // The pattern it replaced, which backtracks quadratically: the new one must accept exactly what it accepted.
  const quadratic = /^[^\s@]+@[^\s@]+\.[^\s@]+$/; // eslint-disable-line regexp/no-super-linear-backtracking

  it.each([
    'li@example.cn',
    'a@b.c',
    'a@.b.c',
    'a@b..c',
    'a@b.c.',
    'a@b.',
    'a@.b',
    'a@..',
    'a@b',
    '@b.c',
    'a b@c.d',
    'a@b@c.d',
    'a@b.c d',
    'ä@例子.中国',
  ])('%s: as the quadratic pattern judged it', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(quadratic.test(email));
  });
});

describe('mainland mobiles as typed', () => {
  it('takes the 11 digits with +86 or 86, spaces or dashes, and nothing else', () => {
    for (const ok of ['13800138000', '+86 138-0013-8000', '8613800138000', '199 1234 5678'])
      expect([ok, looksLikeMainlandMobile(ok)]).toEqual([ok, true]);
    for (const bad of ['12345678901', '1380013800', '010-12345678', '+1 650 253 0000', ''])
      expect([bad, looksLikeMainlandMobile(bad)]).toEqual([bad, false]);
  });
});
