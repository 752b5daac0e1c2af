import { languageOf, ValidationMessage, type Language } from '@think-tank/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zh from '../locales/zh/common.json';

/** The shared validation catalogue becomes the `validation` namespace, so client and server say the same. */
function validationResources(lang: Language) {
  return Object.fromEntries(Object.entries(ValidationMessage).map(([key, text]) => [key, text[lang]]));
}

/** Namespaces of screens outside the first visit, fetched with the screen that needs them. */
const LAZY_NAMESPACES: Record<string, Record<Language, () => Promise<{ default: object }>>> = {
  billing: { zh: () => import('../locales/zh/billing.json'), en: () => import('../locales/en/billing.json') },
  notifications: {
    zh: () => import('../locales/zh/notifications.json'),
    en: () => import('../locales/en/notifications.json'),
  },
  workshop: {
    zh: () => import('../locales/zh/workshop.json'),
    en: () => import('../locales/en/workshop.json'),
  },
  account: { zh: () => import('../locales/zh/account.json'), en: () => import('../locales/en/account.json') },
  admin: { zh: () => import('../locales/zh/admin.json'), en: () => import('../locales/en/admin.json') },
};

/**
 * A feature's screens whose texts live in namespace(s) `ns`: each screen's chunk and its texts are fetched
 * together, rather than the texts only once the screen has rendered and asked for them.
 * Features call it marked `/* @__PURE__ *\/`: the bundler then keeps their index.ts in the app's own chunk instead
 * of splitting each into a chunk of its own (1 KB more on every first load).
 */
export function withTexts<T extends Record<string, () => Promise<unknown>>>(
  ns: string | string[],
  screens: T,
): T {
  return Object.fromEntries(
    Object.entries(screens).map(([name, load]) => [
      name,
      () => Promise.all([load(), i18n.loadNamespaces(ns)]).then(([screen]) => screen),
    ]),
  ) as T;
}

const lazyNamespaceBackend = {
  type: 'backend' as const,
  init: () => undefined,
  read(lng: string, ns: string, done: (err: unknown, data?: object) => void) {
    const load = LAZY_NAMESPACES[ns]?.[languageOf(lng)];
    if (!load) return done(null, {});
    load().then((m) => done(null, m.default), done);
  },
};

/**
 * Chinese when the browser's language starts with zh, English otherwise (customer-area §1).
 * Chinese ships in the entry chunk; English is fetched only by browsers that need it. A screen's own
 * namespace (`useTranslation('billing')`) comes with that screen; keys it lacks fall back to `common`.
 */
export async function initI18n(browserLanguage: string = navigator.language) {
  const lng = languageOf(browserLanguage);
  await i18n
    .use(lazyNamespaceBackend)
    .use(initReactI18next)
    .init({
      lng: 'zh',
      fallbackLng: 'zh',
      defaultNS: 'common',
      fallbackNS: 'common',
      ns: ['common', 'validation'],
      partialBundledLanguages: true,
      resources: { zh: { common: zh, validation: validationResources('zh') } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  if (lng === 'en') {
    const en = (await import('../locales/en/common.json')).default;
    i18n.addResourceBundle('en', 'common', en);
    i18n.addResourceBundle('en', 'validation', validationResources('en'));
    await i18n.changeLanguage('en');
  }
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
  return i18n;
}

export function currentLanguage(): Language {
  return languageOf(i18n.language);
}
