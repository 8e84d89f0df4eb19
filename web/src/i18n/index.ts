import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

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

/** Initialises i18next with en.json (fallback en); the chosen language is kept in localStorage. */
export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
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
