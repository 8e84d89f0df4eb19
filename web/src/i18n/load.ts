// The lazy loaders of i18next and of the whole of en.json. Apart from ./strings.ts, which ./index.ts
// imports: a loader that names ./index.ts in ./strings.ts would make the two an import circle.
import { importAllStrings } from './strings';

/** i18next with react-i18next (./index.ts), loaded with the first page that uses them. */
function importI18next() {
  return import('./index');
}

/** i18next ready with the signed-out strings: awaited by the lazy signed-out pages drawn with react-i18next. */
export async function loadI18next(): Promise<void> {
  await (await importI18next()).initI18n('signedOut');
}

/** i18next ready with the whole of en.json: awaited before the signed-in app draws. */
export async function loadAllStrings(): Promise<void> {
  // Both downloads at once: i18next's chunk does not wait for the strings' (or the other way).
  const [i18n] = await Promise.all([importI18next(), importAllStrings()]);
  await i18n.loadAllStrings();
}
