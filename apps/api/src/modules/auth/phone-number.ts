import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Longer than any way of writing a mainland number: checked before the library parses (architecture 17). */
const INPUT_MAX = 24;

/**
 * A mainland China mobile number in E.164 (`+8613800138000`), from the 11 digits, with `+86` or `86`, spaces or
 * dashes (contract §12); null for anything else, a landline or another country's number included.
 */
export function mainlandMobile(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > INPUT_MAX) return null;
  const compact = input.replace(/[\s-]/g, '');
  const parsed = parsePhoneNumberFromString(/^86\d{11}$/.test(compact) ? `+${compact}` : compact, 'CN');
  return parsed?.isValid() && parsed.country === 'CN' && parsed.getType() === 'MOBILE' ? parsed.number : null;
}

/** A number as `/me` shows it: `+86 138****8000`. */
export const maskedPhone = (e164: string) => `+86 ${e164.slice(3, 6)}****${e164.slice(-4)}`;
