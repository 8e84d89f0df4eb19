/**
 * The split of a stack layer's files into shards, each run on a stack of its own
 * (test/support/shards.ts, test/with-stack.ts --stacks; docs/performance.md "CI time").
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measuredSeconds, splitIntoShards, weightOf } from '../../support/shards';

const root = path.resolve(import.meta.dirname, '../../..');

describe('splitIntoShards', () => {
  it('puts every file in exactly one shard, in the order given', () => {
    const files = ['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts', 'e.test.ts'];
    const shards = splitIntoShards(files, 2, { 'a.test.ts': 50, 'b.test.ts': 10, 'c.test.ts': 30 });
    expect(shards.flat().sort()).toEqual(files);
    for (const s of shards) expect(s).toEqual(files.filter((f) => s.includes(f)));
  });

  it('balances the measured seconds, longest first', () => {
    const known = { 'a.spec.ts': 60, 'b.spec.ts': 50, 'c.spec.ts': 40, 'd.spec.ts': 30, 'e.spec.ts': 20 };
    const shards = splitIntoShards(Object.keys(known), 2, known);
    // a → 1; b → 2; c → 2 (50 < 60); d → 1 (60 < 90); e → 1 (90 = 90, the lower shard)
    expect(shards).toEqual([
      ['a.spec.ts', 'd.spec.ts', 'e.spec.ts'],
      ['b.spec.ts', 'c.spec.ts'],
    ]);
  });

  it('weighs a file it has no figure for as the median one, by its name whatever its folder', () => {
    const known = { 'a.test.ts': 1, 'b.test.ts': 5, 'c.test.ts': 9 };
    expect(weightOf('test/integration/b.test.ts', known)).toBe(5);
    expect(weightOf('test/integration/new.test.ts', known)).toBe(5);
    expect(weightOf('new.test.ts', {})).toBe(1);
  });

  it('gives a shard that starts later (its stack starts after the one before) that much less', () => {
    const known = { 'a.spec.ts': 50, 'b.spec.ts': 30, 'c.spec.ts': 20 };
    // Without a gap: a → 1, b → 2, c → 2 (30 < 50). With shard 2 starting 20 s later: b → 2 ends at
    // 50 as a does, so c goes to the lower shard, 1.
    expect(splitIntoShards(Object.keys(known), 2, known)).toEqual([
      ['a.spec.ts'],
      ['b.spec.ts', 'c.spec.ts'],
    ]);
    expect(splitIntoShards(Object.keys(known), 2, known, 20)).toEqual([
      ['a.spec.ts', 'c.spec.ts'],
      ['b.spec.ts'],
    ]);
  });

  it('leaves a shard empty when there are more shards than files', () => {
    expect(splitIntoShards(['a.test.ts'], 3, {})).toEqual([['a.test.ts'], [], []]);
  });
});

describe('measuredSeconds', () => {
  it.each(['integration', 'e2e'] as const)('names only files the %s layer has', (layer) => {
    const dir = path.join(root, 'test', layer);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.basename(f));
    for (const name of Object.keys(measuredSeconds[layer])) expect(files).toContain(name);
  });
});
