import { beforeAll, describe, expect, it } from 'vitest';
import { createInstance, type i18n as I18n } from 'i18next';
import { SIGNED_OUT_STRINGS } from '../../../web/src/i18n/strings';
import { t, translate } from '../../../web/src/i18n/translate';

/**
 * The first page's `t` (web/src/i18n/translate.ts) must answer as i18next with the app's options
 * (web/src/i18n/index.ts) does: the signed-out pages are drawn by both (the sign-in page with the
 * light one, the lazy pages with react-i18next).
 */
let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({
    resources: { en: { translation: SIGNED_OUT_STRINGS } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
});

function leaves(node: object, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[`${prefix}${k}`, v] as [string, string]]
      : leaves(v as object, `${prefix}${k}.`),
  );
}

const i18nextT = (key: string, options?: Record<string, unknown>) =>
  (i18n.t as (key: string, options?: Record<string, unknown>) => string)(key, options);

describe('the signed-out translate function', () => {
  const keys = leaves(SIGNED_OUT_STRINGS);

  it('gives every signed-out string as i18next does, with its variables filled in', () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const [key, text] of keys) {
      const variables = Object.fromEntries(
        [...text.matchAll(/\{\{-?\s*([^},\s]+)\s*\}\}/g)].map((m) => [m[1]!, `<${m[1]!} & 1>`]),
      );
      const light = (t as (key: string, options?: Record<string, unknown>) => string)(key, variables);
      expect(light, key).toBe(i18nextT(key, variables));
      expect(light, key).not.toMatch(/\{\{/);
    }
    expect(t('shell.userMenu', { name: 'Aroha Ngata' })).toBe('User menu for Aroha Ngata');
  });

  it('answers as i18next for missing keys, missing or empty variables and plurals', () => {
    const resources = {
      item_one: '{{count}} item',
      item_other: '{{count}} items',
      item_zero: 'no items',
      file_one: 'one file',
      file_other: '{{ count }} files',
      greet: 'Hello {{name}} and {{- other}}',
    };
    const other = createInstance();
    void other.init({
      resources: { en: { translation: resources } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
    const cases: [string, Record<string, unknown> | undefined][] = [
      ['item', { count: 0 }],
      ['item', { count: 1 }],
      ['item', { count: 7 }],
      ['file', { count: 0 }],
      ['file', { count: 1 }],
      ['file', { count: 2 }],
      ['greet', { name: 'Ana', other: '<b>' }],
      ['greet', { name: undefined, other: null }],
      ['greet', {}],
      ['greet', undefined],
      ['missing.key', undefined],
      ['missing', { count: 2 }],
    ];
    for (const [key, options] of cases) {
      const expected = (other.t as (key: string, options?: Record<string, unknown>) => string)(key, options);
      expect(translate(resources, 'en', key, options as never), `${key} ${JSON.stringify(options)}`).toBe(
        expected,
      );
    }
  });
});
