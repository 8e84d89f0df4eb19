import { SIGNED_OUT_STRINGS, storedLanguage } from './strings';

/**
 * The first page's `t`: i18next's lookup, interpolation and plurals over SIGNED_OUT_STRINGS,
 * without i18next and react-i18next (about 17 KB gzip the sign-in page does not download; the
 * signed-in app and the lazy signed-out pages keep them: ./index.ts). Same answers as i18next with
 * the app's options (test/unit/web/translate.test.ts compares them on every signed-out string):
 * - `a.b.c` looks up nested keys; a missing key returns the key;
 * - `{{name}}` (or `{{- name}}`) is replaced by `options.name` unescaped (escapeValue: false, React
 *   escapes); a variable not passed stays as written, one passed as undefined or null becomes '';
 * - `count` picks `key_zero` (count 0), then `key_<plural category>` (Intl.PluralRules), then `key`.
 * Formats (`{{value, number}}`) and nesting (`$t(...)`) are not supported: no signed-out string uses them.
 */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralBase<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : never;

export type SignedOutKey = Leaves<typeof SIGNED_OUT_STRINGS>;
export type TranslateOptions = Record<string, unknown> & { count?: number };
export type Translate = (key: SignedOutKey | PluralBase<SignedOutKey>, options?: TranslateOptions) => string;

function lookup(resources: object, key: string): string | undefined {
  let node: unknown = resources;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const VARIABLE = /\{\{(-?)\s*([^}]+?)\s*\}\}/g;

/** `t(key, options)` over `resources` in `language` (i18next's rules above). */
export function translate(
  resources: object,
  language: string,
  key: string,
  options?: TranslateOptions,
): string {
  let text: string | undefined;
  if (typeof options?.count === 'number') {
    const count = options.count;
    if (count === 0) text = lookup(resources, `${key}_zero`);
    text ??= lookup(resources, `${key}_${new Intl.PluralRules(language).select(count)}`);
  }
  text ??= lookup(resources, key);
  if (text === undefined) return key;
  if (!options) return text;
  return text.replace(VARIABLE, (match, _unescaped: string, name: string) => {
    if (!Object.hasOwn(options, name)) return match;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value as string);
  });
}

const language = storedLanguage();

/** `t` over the signed-out strings. */
export const t: Translate = (key, options) => translate(SIGNED_OUT_STRINGS, language, key, options);

/** react-i18next's `useTranslation()` shape for the first page's components. */
export function useTranslation(): { t: Translate } {
  return { t };
}
