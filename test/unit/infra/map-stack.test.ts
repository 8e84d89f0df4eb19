import { SourceMap, type SourceMapPayload } from 'node:module';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { mapStack } from '../../../bin/map-stack.js';

/** A minified bundle of a small source and its map, as esbuild writes them for a function. */
function bundleOf(source: string, sourcefile: string) {
  const out = transformSync(source, {
    loader: 'ts',
    minify: true,
    sourcemap: 'external',
    sourcefile,
    format: 'esm',
  });
  return { code: out.code, map: new SourceMap(JSON.parse(out.map) as SourceMapPayload) };
}

describe('bin/map-stack.ts (docs/operations.md "Reading a stack trace")', () => {
  it('maps each index.mjs place of a logged stack to the TypeScript file, line and column', () => {
    const { code, map } = bundleOf(
      [
        'export function parse(text: string): number {',
        '  const n = Number(text);',
        "  if (Number.isNaN(n)) throw new Error('not a number');",
        '  return n;',
        '}',
      ].join('\n'),
      '../../functions/demo/parse.ts',
    );
    const at = code.indexOf('throw') + 1;
    const stack = [
      'Error: not a number',
      `    at parse (file:///var/task/index.mjs:1:${at})`,
      '    at async Runtime.handleOnceNonStreaming (file:///var/runtime/index.mjs:1206:29)',
    ].join('\n');
    expect(mapStack(stack, map)).toBe(
      [
        'Error: not a number',
        '    at parse (functions/demo/parse.ts:3:24)',
        '    at async Runtime.handleOnceNonStreaming (file:///var/runtime/index.mjs:1206:29)',
      ].join('\n'),
    );
  });
});
