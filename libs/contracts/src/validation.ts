import type { Localized } from './i18n';

/** Registration and password rules (customer-area §5), checked identically by client and server. */
export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * Something@domain where the domain has a dot with text on both sides. Written so that each character can be
 * matched one way only (the domain's first dot after its first character splits it): the obvious
 * `[^\s@]+\.[^\s@]+` backtracks quadratically on `a@` followed by many dots.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
/** Usernames may not hold '@' (login takes a username or an e-mail) nor white space. */
export const USERNAME_PATTERN = /^[^\s@]+$/;
export const PASSWORD_COMPOSITION = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).*$/;

/** The VIP application's limits (customer-area: /profile/vip-application). */
export const VIP_APPLICATION_LIMITS = {
  company: 100,
  contactName: 50,
  phone: 20,
  purposeMin: 20,
  purposeMax: 2000,
  noteMax: 500,
} as const;
/**
 * A mainland mobile as a person types it: 11 digits from 13 to 19, with +86 or 86 before them, spaces or dashes
 * between (contract §12). The form's check; the server's parser (libphonenumber) decides for sure.
 */
export const looksLikeMainlandMobile = (input: string) =>
  /^(?:\+?86)?1[3-9]\d{9}$/.test(input.replace(/[\s-]/g, ''));
/** A phone number: digits with spaces or dashes, an optional leading +, 7 to 20 characters (mainland or not). */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

/** The invoice request's limits (customer-area: /profile/orders) and the PDF support uploads. */
export const INVOICE_LIMITS = {
  title: 100,
  address: 200,
  bank: 100,
  invoiceNumber: 32,
  reasonMax: 500,
  pdfBytes: 2 * 1024 * 1024,
} as const;

export const ValidationMessage = {
  usernameRequired: { zh: '用户名不能为空', en: 'Username is required.' },
  usernameTooLong: {
    zh: `用户名不能超过 ${USERNAME_MAX_LENGTH} 个字符`,
    en: `Username must be at most ${USERNAME_MAX_LENGTH} characters.`,
  },
  usernameInvalid: { zh: '用户名不能包含 @ 或空格', en: 'Username must not contain @ or spaces.' },
  emailRequired: { zh: '邮箱不能为空', en: 'Email is required.' },
  emailInvalid: { zh: '邮箱格式不正确', en: 'Email format is invalid.' },
  passwordRequired: { zh: '密码不能为空', en: 'Password is required.' },
  passwordTooShort: { zh: '密码长度不能少于 8 位。', en: 'Password must be at least 8 characters.' },
  passwordTooLong: {
    zh: `密码长度不能超过 ${PASSWORD_MAX_LENGTH} 位。`,
    en: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  },
  passwordComposition: {
    zh: '密码必须包含大写字母、小写字母、数字和至少一个特殊字符。',
    en: 'Password must contain an upper-case letter, a lower-case letter, a digit and a special character.',
  },
  passwordMismatch: { zh: '两次输入的密码不一致', en: 'The two passwords entered do not match.' },
  codeLength: { zh: '请输入6位邮箱验证码', en: 'Please enter the 6-digit e-mail code.' },
  termsRequired: {
    zh: '请阅读并同意服务条款和隐私政策',
    en: 'Please read and accept the terms of service and the privacy policy.',
  },
  fieldRequired: { zh: '此项不能为空', en: 'This field is required.' },
  fieldInvalid: { zh: '此项格式不正确', en: 'This field is invalid.' },
  fieldUnknown: { zh: '不允许的字段', en: 'This field is not allowed.' },
  resetPasswordTooShort: { zh: '新密码长度至少为 8 位', en: 'New password must be at least 8 characters.' },
  resetPasswordMismatch: { zh: '两次输入的新密码不一致', en: 'The two passwords entered do not match.' },
  keyValuePointsTooShort: {
    zh: '关键价值点描述过短，请至少输入20个字符。',
    en: 'The key value points are too short: please write at least 20 characters.',
  },
  companyRequired: { zh: '请填写公司名称', en: 'Please enter the company name.' },
  contactNameRequired: { zh: '请填写联系人', en: 'Please enter a contact person.' },
  smsCodeLength: { zh: '请输入6位短信验证码', en: 'Please enter the 6-digit code from the text.' },
  phoneNumberInvalid: {
    zh: '请输入有效的中国大陆手机号',
    en: 'Please enter a mainland China mobile number.',
  },
  phoneInvalid: {
    zh: '请填写有效的电话号码（7–20 位数字，可含空格或短横线）',
    en: 'Please enter a valid phone number (7–20 digits, spaces or dashes allowed).',
  },
  industryRequired: { zh: '请选择所属行业', en: 'Please choose an industry.' },
  purposeTooShort: {
    zh: `请至少用 ${VIP_APPLICATION_LIMITS.purposeMin} 个字说明您想用需求工坊做什么`,
    en: `Please tell us in at least ${VIP_APPLICATION_LIMITS.purposeMin} characters what you want to use the workshop for.`,
  },
  tooLong: { zh: '内容过长', en: 'This is too long.' },
  invoiceTitleRequired: { zh: '请填写发票抬头', en: 'Please enter the invoice title.' },
  invoiceNameRequired: {
    zh: '请填写您的姓名作为发票抬头',
    en: 'Please enter your name as the invoice title.',
  },
  specialInvoiceCompanyOnly: {
    zh: '增值税专用发票仅开具给单位，个人请选择普通发票',
    en: 'A special VAT invoice is for companies only; as a person, choose a normal invoice.',
  },
  taxNumberInvalid: {
    zh: '纳税人识别号应为 18 位统一社会信用代码，请检查后重新输入',
    en: 'The tax number must be an 18-character unified social credit code; please check it.',
  },
  bankAccountInvalid: {
    zh: '请填写有效的银行账号（8–40 位数字）',
    en: 'Please enter a valid bank account number (8–40 digits).',
  },
} as const satisfies Record<string, Localized>;
export type ValidationMessageKey = keyof typeof ValidationMessage;

/** Client-side checks of the registration form, in the order the spec lists them; null when valid. */
export function registrationErrors(input: {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}): Partial<Record<'username' | 'email' | 'password' | 'confirmPassword', ValidationMessageKey>> {
  const errors: Partial<Record<'username' | 'email' | 'password' | 'confirmPassword', ValidationMessageKey>> =
    {};
  const username = input.username.trim();
  if (!username) errors.username = 'usernameRequired';
  else if (username.length > USERNAME_MAX_LENGTH) errors.username = 'usernameTooLong';
  else if (!USERNAME_PATTERN.test(username)) errors.username = 'usernameInvalid';
  const email = input.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';
  errors.password = passwordError(input.password) ?? undefined;
  if (!errors.password) delete errors.password;
  if (input.confirmPassword !== input.password) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

export function passwordError(password: string): ValidationMessageKey | null {
  if (!password) return 'passwordRequired';
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  if (!PASSWORD_COMPOSITION.test(password)) return 'passwordComposition';
  return null;
}
