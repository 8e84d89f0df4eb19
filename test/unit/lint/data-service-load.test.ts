import { describe, expect, it } from 'vitest';
import { runtimeImports } from './import-graph';

/**
 * functions/platform/data/service.ts binds the table name (TABLE_NAME) when it loads. The local stack
 * sets that variable after it starts DynamoDB Local, and the CDK app never sets it, so neither may load
 * the service by a static import: every Lambda of a local stack would then run against "no table"
 * (this happened once: the consumers' grants imported a repository for a key prefix).
 */
const SERVICE = 'functions/platform/data/service.ts';

/** The chain of static imports from `start` to `goal`, or undefined when there is none. */
function chain(start: string, goal: string): string[] | undefined {
  const prev = new Map<string, string | undefined>([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    if (file === goal) {
      const path: string[] = [];
      for (let c: string | undefined = goal; c; c = prev.get(c)) path.unshift(c);
      return path;
    }
    for (const next of runtimeImports(file))
      if (!prev.has(next)) {
        prev.set(next, file);
        queue.push(next);
      }
  }
  return undefined;
}

describe('the data service is loaded only where the table name is known', () => {
  it.each(['infra/local/index.ts', 'test/with-stack.ts', 'bin/app.ts', 'bin/local.ts'])(
    '%s reaches it by no static import',
    (start) => {
      expect(chain(start, SERVICE)).toBeUndefined();
    },
  );

  it('finds a chain where there is one (a handler loads it)', () => {
    expect(chain('functions/site/handler.ts', SERVICE)?.at(-1)).toBe(SERVICE);
  });
});
