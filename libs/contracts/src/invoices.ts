/** Invoices (发票) for paid orders (customer-area: /profile/orders), and support's issuing of them. */
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVOICE_LIMITS,
  PHONE_PATTERN,
  type ValidationMessageKey,
} from './validation';

/** 普通发票 (title and tax number) or 增值税专用发票 (also the company's address, phone, bank and account). */
export const INVOICE_TYPES = ['normal', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
/**
 * `reversal_due`: issued for an order since refunded, awaiting support's red-letter invoice (红冲); `reversed`: that
 * invoice is uploaded.
 */
export const INVOICE_STATUSES = [
  'pending',
  'issued',
  'rejected',
  'closed',
  'reversal_due',
  'reversed',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Whose name the invoice bears (contract §12): a company's, with its tax number, or a person's, with their name only
 * (a 个人 invoice for an expense claim). A request that does not say is a company's.
 */
export const INVOICE_TITLE_TYPES = ['company', 'personal'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];

export interface InvoiceRequestInput {
  titleType?: InvoiceTitleType;
  type: InvoiceType;
  /** The company's name, or the person's. */
  title: string;
  /** A company's unified social credit code; none for a person. */
  taxNumber?: string;
  email: string;
  /** The special invoice's: the company's registered address and phone, its bank and account. */
  address?: string;
  phone?: string;
  bank?: string;
  account?: string;
}

export interface InvoiceRequest extends Required<InvoiceRequestInput> {
  id: string;
  orderId: string;
  status: InvoiceStatus;
  invoiceNumber: string | null;
  /** The red-letter invoice (红冲) that cancels it, once its order was refunded and support uploaded it. */
  reversalNumber: string | null;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** What the order list shows of an order's latest invoice request. */
export type OrderInvoice = Pick<
  InvoiceRequest,
  'id' | 'type' | 'status' | 'invoiceNumber' | 'reversalNumber' | 'rejectReason'
>;

export interface AdminInvoiceRequest extends InvoiceRequest {
  userId: string;
  username: string;
  orderSubject: string;
  displayPrice: string;
}

export interface IssueInvoiceInput {
  invoiceNumber: string;
  /** The invoice as a PDF, base64-encoded, at most INVOICE_LIMITS.pdfBytes once decoded. */
  pdfBase64: string;
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters whose last is the check digit. */
export function isUnifiedSocialCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  const sum = USCC_WEIGHTS.reduce((s, w, i) => s + USCC_CHARS.indexOf(code[i]) * w, 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === code[17];
}

type Field = keyof InvoiceRequestInput;

/**
 * The invoice form's checks, the same on both sides; empty when valid. A person's invoice needs a name and no tax
 * number, and is a normal one: a special VAT invoice is a company's.
 */
export function invoiceErrors(
  input: Record<Exclude<Field, 'titleType' | 'taxNumber'>, string> & Partial<Record<Field, string>>,
): Partial<Record<Field, ValidationMessageKey>> {
  const L = INVOICE_LIMITS;
  const errors: Partial<Record<Field, ValidationMessageKey>> = {};
  const filled = (v: string, max: number, missing: ValidationMessageKey, field: Field) => {
    const value = v.trim();
    if (!value) errors[field] = missing;
    else if (value.length > max) errors[field] = 'tooLong';
  };
  const personal = input.titleType === 'personal';
  if (!(INVOICE_TYPES as readonly string[]).includes(input.type)) errors.type = 'fieldRequired';
  else if (personal && input.type === 'special') errors.type = 'specialInvoiceCompanyOnly';
  filled(input.title, L.title, personal ? 'invoiceNameRequired' : 'invoiceTitleRequired', 'title');
  if (!personal && !isUnifiedSocialCreditCode((input.taxNumber ?? '').trim().toUpperCase()))
    errors.taxNumber = 'taxNumberInvalid';
  const email = input.email.trim();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';
  if (input.type === 'special') {
    filled(input.address, L.address, 'fieldRequired', 'address');
    if (!PHONE_PATTERN.test(input.phone.trim())) errors.phone = 'phoneInvalid';
    filled(input.bank, L.bank, 'fieldRequired', 'bank');
    if (!/^[0-9 -]{8,40}$/.test(input.account.trim())) errors.account = 'bankAccountInvalid';
  }
  return errors;
}
