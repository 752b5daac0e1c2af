/** The VIP application (customer-area: /profile/vip-application) and its review in the console. */
import type { Localized } from './i18n';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  VIP_APPLICATION_LIMITS,
  type ValidationMessageKey,
} from './validation';

/** The library's industries, and "other", as the application form offers them. */
export const INDUSTRIES = {
  manufacturing: { zh: '制造', en: 'Manufacturing' },
  retail: { zh: '零售', en: 'Retail' },
  finance: { zh: '金融', en: 'Finance' },
  healthcare: { zh: '医疗', en: 'Healthcare' },
  energy: { zh: '能源', en: 'Energy' },
  logistics: { zh: '物流', en: 'Logistics' },
  education: { zh: '教育', en: 'Education' },
  agriculture: { zh: '农业', en: 'Agriculture' },
  government: { zh: '政务', en: 'Government' },
  construction: { zh: '建筑', en: 'Construction' },
  catering: { zh: '餐饮', en: 'Catering' },
  tourism: { zh: '文旅', en: 'Culture and tourism' },
  other: { zh: '其他', en: 'Other' },
} as const satisfies Record<string, Localized>;
export type Industry = keyof typeof INDUSTRIES;

export interface VipApplicationRequest {
  company: string;
  contactName: string;
  phone: string;
  email: string;
  industry: Industry;
  purpose: string;
}

export const VIP_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VipApplicationStatus = (typeof VIP_APPLICATION_STATUSES)[number];

export interface VipApplication extends VipApplicationRequest {
  id: string;
  status: VipApplicationStatus;
  /** Support's note: the reason of a rejection, or a word with an approval. */
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** `GET /api/users/vip-application`: the user's latest application, or none. */
export interface MyVipApplication {
  application: VipApplication | null;
}

export interface AdminVipApplication extends VipApplication {
  userId: string;
  username: string;
}

export interface VipDecisionRequest {
  note?: string;
}

/** The form's checks, the same on both sides (the server's DTO applies them too); empty when valid. */
export function vipApplicationErrors(
  input: Record<keyof VipApplicationRequest, string>,
): Partial<Record<keyof VipApplicationRequest, ValidationMessageKey>> {
  const L = VIP_APPLICATION_LIMITS;
  const errors: Partial<Record<keyof VipApplicationRequest, ValidationMessageKey>> = {};
  const company = input.company.trim();
  if (!company) errors.company = 'companyRequired';
  else if (company.length > L.company) errors.company = 'tooLong';
  const contact = input.contactName.trim();
  if (!contact) errors.contactName = 'contactNameRequired';
  else if (contact.length > L.contactName) errors.contactName = 'tooLong';
  if (!PHONE_PATTERN.test(input.phone.trim())) errors.phone = 'phoneInvalid';
  const email = input.email.trim();
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';
  if (!Object.hasOwn(INDUSTRIES, input.industry)) errors.industry = 'industryRequired';
  const purpose = input.purpose.trim();
  if (purpose.length < L.purposeMin) errors.purpose = 'purposeTooShort';
  else if (purpose.length > L.purposeMax) errors.purpose = 'tooLong';
  return errors;
}
