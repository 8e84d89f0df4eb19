import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const WHOLE = /\.json\?all$/;

/**
 * `import('./x.json?all')`: the whole JSON file as a module apart from `./x.json`, whose named
 * imports Vite tree-shakes. web/src/i18n takes the signed-out pages' keys of en.json into the entry
 * and loads the whole file as a chunk of its own with the signed-in app.
 */
export function wholeJson(): Plugin {
  return {
    name: 'consent-portal:whole-json',
    enforce: 'pre',
    load(id) {
      if (!WHOLE.test(id)) return null;
      const json = readFileSync(id.replace(/\?all$/, ''), 'utf8');
      // JSON.parse of a string literal: parsed faster than the same object as a JS literal.
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(json)))});`,
        moduleType: 'js',
      };
    },
  };
}
