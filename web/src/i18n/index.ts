import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  importAllStrings,
  SIGNED_OUT_STRINGS,
  storedLanguage,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
} from './strings';
import { ACCOUNT_PAGE_STRINGS } from './account-pages';

export { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, SIGNED_OUT_STRINGS };

let ready: Promise<typeof i18next> | undefined;

async function init(strings: 'all' | 'signedOut'): Promise<typeof i18next> {
  const translation =
    strings === 'all' ? await importAllStrings() : { ...SIGNED_OUT_STRINGS, ...ACCOUNT_PAGE_STRINGS };
  await i18next.use(initReactI18next).init({
    resources: { en: { translation } },
    lng: storedLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18next.on('languageChanged', (lng) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      /* storage unavailable (private mode): keep the language for this page only */
    }
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

/**
 * Initialises i18next (for react-i18next's useTranslation) with en.json (fallback en), once; the
 * chosen language is kept in localStorage. 'signedOut' starts with SIGNED_OUT_STRINGS and the account pages' (./account-pages.ts). The
 * first page does not load i18next: it translates with ./translate.ts; i18next comes with the
 * lazy pages (./strings.ts loadI18next, loadAllStrings).
 */
export function initI18n(strings: 'all' | 'signedOut' = 'all'): Promise<typeof i18next> {
  ready ??= init(strings).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/** Adds the rest of en.json (the signed-in pages' strings); awaited before the signed-in app draws. */
export async function loadAllStrings(): Promise<void> {
  const [en] = await Promise.all([importAllStrings(), initI18n('signedOut')]);
  i18next.addResourceBundle('en', 'translation', en, true, false);
}

export default i18next;
