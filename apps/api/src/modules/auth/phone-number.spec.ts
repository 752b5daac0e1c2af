import { maskedPhone, mainlandMobile } from './phone-number';

describe('mainland mobile numbers (contract §12)', () => {
  it('takes the 11 digits however they are written, in E.164', () => {
    for (const input of [
      '13800138000',
      '+86 138-0013-8000',
      '8613800138000',
      '86 138 0013 8000',
      '+8613800138000',
    ])
      expect([input, mainlandMobile(input)]).toEqual([input, '+8613800138000']);
  });

  it('refuses a landline, another country, a number that is no mobile, and anything long or not text', () => {
    for (const input of [
      '010-12345678',
      '+1 650 253 0000',
      '12345678901',
      '1380013800',
      '1'.repeat(200),
      13800138000,
      null,
    ])
      expect([input, mainlandMobile(input)]).toEqual([input, null]);
  });

  it('masks the middle four digits', () => {
    expect(maskedPhone('+8613800138000')).toBe('+86 138****8000');
  });
});
