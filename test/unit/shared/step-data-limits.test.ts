/**
 * The limits of step data (shared/schemas/step-data.ts) as the request schema applies them: a step
 * filled to every field's maxLength passes, anything past a limit is a 400 issue at its path.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SaveStepRequest } from '../../../shared/schemas/applications.js';
import { stepDataLimits, utf8Length } from '../../../shared/schemas/step-data.js';

const L = stepDataLimits;
const issues = (data: unknown) => {
  const r = SaveStepRequest.safeParse({ data });
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

interface Component {
  key?: string;
  type?: string;
  input?: boolean;
  validate?: { maxLength?: number };
  components?: Component[];
  columns?: { components: Component[] }[];
}

/** Every text field of a Form.io definition filled to its maxLength (macrons: two bytes each). */
function filledToMax(file: string): Record<string, unknown> {
  const def = JSON.parse(
    readFileSync(new URL(`../../../shared/reference/formio/${file}`, import.meta.url), 'utf8'),
  ) as Component;
  const data: Record<string, unknown> = {};
  const walk = (c: Component) => {
    if (c.key && (c.type === 'textfield' || c.type === 'textarea'))
      data[c.key] = 'ā'.repeat(c.validate?.maxLength ?? 100);
    else if (c.key && c.type === 'datagrid')
      data[c.key] = Array.from({ length: c.validate?.maxLength ?? 1 }, () =>
        Object.fromEntries(
          (c.components ?? []).map((x) => [x.key, 'ā'.repeat(x.validate?.maxLength ?? 100)]),
        ),
      );
    else if (c.key && c.input !== false && c.type !== 'panel' && c.type !== 'fieldset') data[c.key] = 'yes';
    if (c.type !== 'datagrid') for (const child of c.components ?? []) walk(child);
    for (const col of c.columns ?? []) for (const child of col.components) walk(child);
  };
  walk(def);
  return data;
}

describe('SaveStepRequest limits', () => {
  it.each([
    'bc-building-code.json',
    'bc-compliance-schedule.json',
    'ccc-application.json',
    'amendment-details.json',
  ])('accepts %s filled to every maxLength', (file) => {
    const data = filledToMax(file);
    expect(issues(data)).toEqual([]);
    expect(utf8Length(JSON.stringify(data))).toBeLessThan(L.maxBytes);
  });

  it('refuses a string over the limit, at its path', () => {
    expect(issues({ a: { b: ['ok', 'x'.repeat(L.maxStringLength + 1)] } })).toEqual([
      { path: 'data.a.b.1', message: `Must be at most ${L.maxStringLength} characters` },
    ]);
    expect(issues({ a: 'x'.repeat(L.maxStringLength) })).toEqual([]);
  });

  it('refuses an over-long key', () => {
    expect(issues({ ['k'.repeat(L.maxKeyLength + 1)]: 1 })[0]?.message).toBe(
      `Key must be at most ${L.maxKeyLength} characters`,
    );
  });

  it('refuses nesting deeper than the sanitiser keeps', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i <= L.maxDepth; i++) deep = { d: deep };
    expect(issues(deep)).toEqual([
      { path: `data${'.d'.repeat(L.maxDepth)}`, message: `Must nest at most ${L.maxDepth} levels` },
    ]);
    let ok: unknown = 'leaf';
    for (let i = 0; i < L.maxDepth; i++) ok = { d: ok };
    expect(issues(ok)).toEqual([]);
  });

  it('refuses too many keys in one object, and too many values in all', () => {
    const wide = Object.fromEntries(Array.from({ length: L.maxKeysPerObject + 1 }, (_, i) => [`k${i}`, i]));
    expect(issues(wide)).toEqual([{ path: 'data', message: `Must have at most ${L.maxKeysPerObject} keys` }]);
    const many = { a: Array.from({ length: L.maxValues + 1 }, () => 1) };
    expect(issues(many)).toEqual([{ path: 'data', message: `Must have at most ${L.maxValues} values` }]);
  });

  it('refuses data over the total size, and reports at most 10 issues', () => {
    const big = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`k${i}`, 'ā'.repeat(L.maxStringLength)]),
    );
    expect(issues(big)).toEqual([{ path: 'data', message: `Must be at most ${L.maxBytes} bytes as JSON` }]);
    const bad = Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(L.maxStringLength + 1)]),
    );
    expect(issues(bad)).toHaveLength(10);
  });

  it('counts UTF-8 bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('ā')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\ud800')).toBe(3);
  });
});
