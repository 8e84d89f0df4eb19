import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const WHOLE = /\.json\?all$/;
const ONE_KEY = /\.json\?([A-Za-z_$][\w$]*)$/;

/** A JSON text as a module's value: JSON.parse of a string literal parses faster than the same object as a JS literal. */
function parsed(value: unknown): string {
  return `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
}

/**
 * Two ways to import part of a JSON file as a module apart from `./x.json` (whose named imports
 * Vite tree-shakes into the importer's chunk):
 * - `import('./x.json?all')`: the whole file as its default export;
 * - `import { key } from './x.json?key'`: that one top-level key only, in the chunk of its importer.
 * web/src/i18n takes the first page's keys of en.json into the entry, the account pages' key with
 * i18next's chunk (?accountPages) and loads the whole file as a chunk of its own with the signed-in app.
 */
export function wholeJson(): Plugin {
  return {
    name: 'consent-portal:whole-json',
    enforce: 'pre',
    load(id) {
      if (WHOLE.test(id)) {
        const json: unknown = JSON.parse(readFileSync(id.replace(/\?all$/, ''), 'utf8'));
        return { code: `export default ${parsed(json)};`, moduleType: 'js' };
      }
      const key = ONE_KEY.exec(id)?.[1];
      if (!key) return null;
      const json = JSON.parse(readFileSync(id.replace(/\?[^?]*$/, ''), 'utf8')) as Record<string, unknown>;
      if (!Object.hasOwn(json, key)) throw new Error(`${id}: the JSON file has no top-level key "${key}"`);
      return { code: `export const ${key} = ${parsed(json[key])};`, moduleType: 'js' };
    },
  };
}
