/**
 * Maps a deployed function's stack trace to the TypeScript source (docs/operations.md "Reading a
 * stack trace"). The functions run without `--enable-source-maps` (docs/performance.md "Lambda
 * bundles and module init"), so a logged stack names places in the minified bundle
 * (`/var/task/index.mjs:1:23456`); the bundle's source map ships beside it in the function's code.
 *
 *   npx tsx bin/map-stack.ts <index.mjs.map> < stack.txt
 *
 * Reads the stack on stdin and prints it with each `index.mjs:line:column` replaced by the source
 * file, line and column.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';

/** The stack with every `index.mjs:<line>:<column>` of the bundle mapped through `map`. */
export function mapStack(stack: string, map: SourceMap): string {
  return stack.replace(
    /(^|[\s(])([^\s()]*)index\.mjs:(\d+):(\d+)/gm,
    (whole, before: string, dir: string, line: string, column: string) => {
      // The Lambda runtime's own index.mjs (/var/runtime) is not the bundle.
      if (dir.includes('/var/runtime/')) return whole;
      const entry = map.findEntry(Number(line) - 1, Number(column) - 1);
      if (!('originalSource' in entry) || !entry.originalSource) return whole;
      const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
      return `${before}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    },
  );
}

if (process.argv[1]?.endsWith('map-stack.ts')) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx bin/map-stack.ts <index.mjs.map> < stack.txt');
    process.exit(2);
  }
  const map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as SourceMapPayload);
  process.stdout.write(mapStack(readFileSync(0, 'utf8'), map));
}
