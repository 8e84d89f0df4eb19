import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const GLOBAL_STYLES = /@cloudscape-design\/global-styles\/index\.css$/;

/**
 * Cloudscape's global styles inline Open Sans as eight base64 woff2 fonts (140 KB gzip of the
 * 190 KB file), so every first visit downloaded them all before the first paint. This moves each
 * font into a file of its own (Vite then emits it as a hashed /assets/*.woff2, cached for a year),
 * so the browser fetches only the weights a page uses, and adds `font-display: swap` so text
 * shows in the fallback font meanwhile. The CSS is otherwise unchanged.
 */
export function cloudscapeFonts(cacheDir: string): Plugin {
  return {
    name: 'consent-portal:cloudscape-fonts',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      if (!GLOBAL_STYLES.test(file)) return null;
      mkdirSync(cacheDir, { recursive: true });
      const css = readFileSync(file, 'utf8');
      return css.replace(/@font-face\s*\{([^}]*)\}/g, (_rule, body: string) => {
        const weight = /font-weight:\s*(\d+)/.exec(body)?.[1] ?? 'normal';
        const style = /font-style:\s*(\w+)/.exec(body)?.[1] ?? 'normal';
        const withFiles = body.replace(/url\('data:font\/woff2;base64,([^']+)'\)/g, (_u, b64: string) => {
          const bytes = Buffer.from(b64, 'base64');
          const out = path.join(cacheDir, `open-sans-${weight}-${style}.woff2`);
          writeFileSync(out, bytes);
          return `url('${path.relative(path.dirname(file), out).split(path.sep).join('/')}')`;
        });
        return `@font-face {${withFiles.replace(/\s*$/, '')}\n  font-display: swap;\n}`;
      });
    },
  };
}
