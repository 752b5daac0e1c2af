import { describe, expect, it } from 'vitest';
import { invoiceErrors, isUnifiedSocialCreditCode } from './invoices';

describe('unified social credit codes', () => {
  it('accepts codes whose check digit matches, and nothing else', () => {
    for (const code of ['91350100M000100Y43', '91110000600037341L', '91310000775785552L'])
      expect([code, isUnifiedSocialCreditCode(code)]).toEqual([code, true]);
    for (const code of ['91350100M000100Y44', '91350100M000100Y4', '91350100I000100Y43', '', 'x'.repeat(18)])
      expect([code, isUnifiedSocialCreditCode(code)]).toEqual([code, false]);
  });
});

describe('the invoice form', () => {
  const normal = {
    type: 'normal',
    title: '杭州鲜达冷链有限公司',
    taxNumber: '91350100M000100Y43',
    email: 'a@b.cn',
  };
  const blank = { address: '', phone: '', bank: '', account: '' };
  it('asks a normal invoice for title, tax number and e-mail only', () => {
    expect(invoiceErrors({ ...normal, ...blank })).toEqual({});
    expect(invoiceErrors({ ...normal, ...blank, title: ' ', taxNumber: '123', email: 'x' })).toEqual({
      title: 'invoiceTitleRequired',
      taxNumber: 'taxNumberInvalid',
      email: 'emailInvalid',
    });
  });
  it('asks a person for a name only, on a normal invoice', () => {
    const person = { titleType: 'personal', type: 'normal', title: '王小明', taxNumber: '', email: 'a@b.cn' };
    expect(invoiceErrors({ ...person, ...blank })).toEqual({});
    expect(invoiceErrors({ ...person, ...blank, title: ' ', type: 'special' })).toEqual({
      title: 'invoiceNameRequired',
      type: 'specialInvoiceCompanyOnly',
      address: 'fieldRequired',
      phone: 'phoneInvalid',
      bank: 'fieldRequired',
      account: 'bankAccountInvalid',
    });
    expect(invoiceErrors({ ...person, ...blank, titleType: 'company' })).toEqual({
      taxNumber: 'taxNumberInvalid',
    });
  });
  it('asks a special invoice for the company’s address, phone, bank and account too', () => {
    expect(invoiceErrors({ ...normal, ...blank, type: 'special' })).toEqual({
      address: 'fieldRequired',
      phone: 'phoneInvalid',
      bank: 'fieldRequired',
      account: 'bankAccountInvalid',
    });
    expect(
      invoiceErrors({
        ...normal,
        type: 'special',
        address: '杭州市西湖区文三路 1 号',
        phone: '0571-8888 6666',
        bank: '招商银行杭州分行',
        account: '5719 0123 4567 890',
      }),
    ).toEqual({});
  });
});
