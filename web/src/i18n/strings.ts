// What the pages before sign-in show (Vite keeps only these keys of en.json in the entry); the
// rest of en.json comes with the signed-in app (importAllStrings). test/unit/lint/sign-in-imports
// checks that the signed-out pages use no other key; en.json stays the one file of strings.
import { announcements, app, auth, errors, maintenance, shell, support } from './en.json';

export const SIGNED_OUT_STRINGS = { announcements, app, auth, errors, maintenance, shell, support };

export type Strings = typeof import('./en.json');
let allStrings: Promise<Strings> | undefined;

/** The whole of en.json, its own chunk (`?all`: a module apart from the entry's keys above). */
export function importAllStrings(): Promise<Strings> {
  allStrings ??= import('./en.json?all').then(
    (m) => (m as { default: Strings }).default,
    (error: unknown) => {
      allStrings = undefined; // a failed download is tried again by the next caller
      throw error;
    },
  );
  return allStrings;
}

export const LANGUAGE_STORAGE_KEY = 'consentPortal.language';
export const SUPPORTED_LANGUAGES = ['en'] as const;

/** The language kept in localStorage if supported, else en. */
export function storedLanguage(): string {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value && (SUPPORTED_LANGUAGES as readonly string[]).includes(value) ? value : 'en';
  } catch {
    return 'en';
  }
}
