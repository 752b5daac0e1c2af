/** Which payment method the checkout starts on (issue 33), remembered in browser storage. */
export type Method = 'wallet' | 'wechat' | 'card';

/** The method a desktop used last, offered first next time. */
const LAST_METHOD_KEY = 'lastPaymentMethod';
const PHONE = /Mobi|Android|iPhone|iPod|HarmonyOS/i;

/**
 * The method picked at first (issue 33): a Chinese phone's browser pays with WeChat where WeChat Pay is configured,
 * else Alipay; a desktop with the method it used last, when that is on offer here.
 */
export function firstMethod(available: Record<Method, boolean>): Method {
  if (PHONE.test(navigator.userAgent))
    return available.wechat && navigator.language.startsWith('zh') ? 'wechat' : 'wallet';
  const last = localStorage.getItem(LAST_METHOD_KEY) as Method | null;
  return last && available[last] ? last : 'wallet';
}

/** Remembers the method a payment was started with, to offer it first next time. */
export const rememberMethod = (method: Method) => localStorage.setItem(LAST_METHOD_KEY, method);
