import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// What the pages before sign-in show (Vite keeps only these keys of en.json in the entry); the
// rest of en.json comes with the signed-in app (loadAllStrings). test/unit/lint/sign-in-strings
// checks that the signed-out pages use no other key.
import { announcements, app, auth, errors, maintenance, shell, support } from './en.json';

export const SIGNED_OUT_STRINGS = { announcements, app, auth, errors, maintenance, shell, support };

type Strings = typeof import('./en.json');
let allStrings: Promise<Strings> | undefined;

/** The whole of en.json, its own chunk (`?all`: a module apart from the entry's keys above). */
function importAllStrings(): Promise<Strings> {
  allStrings ??= import('./en.json?all').then(
    (m) => (m as { default: Strings }).default,
    (error: unknown) => {
      allStrings = undefined; // a failed download is tried again by the next caller
      throw error;
    },
  );
  return allStrings;
}

/** Adds the rest of en.json (the signed-in pages' strings); awaited before the signed-in app draws. */
export async function loadAllStrings(): Promise<void> {
  const en = await importAllStrings();
  i18next.addResourceBundle('en', 'translation', en, true, false);
}

export const LANGUAGE_STORAGE_KEY = 'consentPortal.language';
export const SUPPORTED_LANGUAGES = ['en'] as const;

function storedLanguage(): string {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value && (SUPPORTED_LANGUAGES as readonly string[]).includes(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/**
 * Initialises i18next with en.json (fallback en); the chosen language is kept in localStorage.
 * 'signedOut' (the first page) starts with SIGNED_OUT_STRINGS only.
 */
export async function initI18n(strings: 'all' | 'signedOut' = 'all'): Promise<typeof i18next> {
  const translation = strings === 'all' ? await importAllStrings() : SIGNED_OUT_STRINGS;
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

export default i18next;
