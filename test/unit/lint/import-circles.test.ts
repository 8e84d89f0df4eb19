import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, runtimeImports } from './import-graph';

/**
 * No import circles in functions/, shared/ and web/src/ (docs/architecture.md, "Layers"): counted on
 * every import, the type-only ones and `import(…)` too, so a circle cannot hide behind either.
 */
const ALL = { types: true, dynamic: true };

describe('import circles', () => {
  it.each(['functions', 'shared', 'web/src'])('none in %s/', (dir) => {
    expect(importCircles(importGraph([dir], ALL))).toEqual([]);
  });

  it('finds a circle of two, of three and a file importing itself, and none in a line', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['f']],
      ['g', ['h']],
      ['h', []],
    ]);
    expect(importCircles(graph)).toEqual([['a', 'b'], ['c', 'd', 'e'], ['f']]);
  });

  it('reads `.js` specifiers as the `.ts` files they load, type-only imports and import() only when asked', () => {
    // web/src/app/rum/start.ts: a static import of ./settings, a type-only one of ./report, import('./recorder').
    const file = 'web/src/app/rum/start.ts';
    expect(runtimeImports(file)).toContain('web/src/app/rum/settings.ts');
    expect(runtimeImports(file)).not.toContain('web/src/app/rum/report.ts');
    expect(runtimeImports(file)).not.toContain('web/src/app/rum/recorder.ts');
    expect(runtimeImports(file, ALL)).toEqual(
      expect.arrayContaining(['web/src/app/rum/report.ts', 'web/src/app/rum/recorder.ts']),
    );
    expect(runtimeImports('functions/platform/events/council-feed.ts')).toContain(
      'functions/platform/events/outbox.ts',
    );
  });
});
