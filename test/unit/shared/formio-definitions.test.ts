import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  eachFormioComponent,
  formioComponentTypes,
  FormioForm,
  formioNames,
  type FormioComponent,
} from '../../../shared/schemas/formio.js';

const dir = new URL('../../../shared/reference/formio/', import.meta.url);
const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'));

/** A small valid definition to break in the negative cases. */
const base = () => ({
  name: 'eot-application',
  title: 'Extension of time',
  display: 'form',
  components: [
    {
      type: 'radio',
      key: 'workStarted',
      label: 'Has the building work started?',
      input: true,
      values: [
        { label: 'Yes', value: 'yes' },
        { label: 'No', value: 'no' },
      ],
      validate: { required: true },
    },
    {
      type: 'panel',
      key: 'progressPanel',
      title: 'Progress',
      input: false,
      conditional: {
        show: true,
        conjunction: 'all',
        conditions: [{ component: 'workStarted', operator: 'isEqual', value: 'yes' }],
      },
      components: [{ type: 'textarea', key: 'workProgress', label: 'Progress', input: true }],
    },
  ],
});

describe('shared/reference/formio: one definition per name, each in the allowed subset', () => {
  it('the folder holds exactly the named definitions', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    expect(files).toEqual([...formioNames].sort());
  });

  for (const name of formioNames) {
    it(`${name} parses under FormioForm, is named ${name} and uses only allowed types`, () => {
      const form = FormioForm.parse(read(name));
      expect(form.name).toBe(name);
      const all = eachFormioComponent(form.components);
      expect(all.length).toBeGreaterThan(3);
      for (const c of all) expect(formioComponentTypes).toContain(c.type);
      // Every form asks for something.
      expect(all.some((c: FormioComponent) => c.input && c.validate?.required === true)).toBe(true);
    });
  }

  it('the sample definition parses (the negative cases below break only one thing)', () => {
    expect(FormioForm.safeParse(base()).success).toBe(true);
  });

  const broken: [string, (f: ReturnType<typeof base>) => void][] = [
    ['an unsupported component type (button)', (f) => Object.assign(f.components[0]!, { type: 'button' })],
    [
      'an unsupported component type nested in a panel (htmlelement)',
      (f) => Object.assign(f.components[1]!.components![0]!, { type: 'htmlelement' }),
    ],
    [
      'JavaScript validation (validate.custom)',
      (f) => Object.assign(f.components[0]!.validate!, { custom: 'valid = input === "yes"' }),
    ],
    [
      'a JavaScript conditional',
      (f) => Object.assign(f.components[0]!, { customConditional: 'show = true' }),
    ],
    ['a calculated value', (f) => Object.assign(f.components[0]!, { calculateValue: 'value = 1' })],
    [
      'JSON logic in validation',
      (f) => Object.assign(f.components[0]!.validate!, { json: { '==': [1, 1] } }),
    ],
    [
      'a pattern that is not a regular expression',
      (f) => Object.assign(f.components[0]!.validate!, { pattern: '[' }),
    ],
    ['a key with a dot', (f) => Object.assign(f.components[0]!, { key: 'work.started' })],
    ['a duplicate key', (f) => Object.assign(f.components[1]!.components![0]!, { key: 'workStarted' })],
    [
      'a condition on an unknown component',
      (f) => Object.assign(f.components[1]!.conditional!.conditions[0]!, { component: 'nothing' }),
    ],
    [
      'a condition on a value that is not an option',
      (f) => Object.assign(f.components[1]!.conditional!.conditions[0]!, { value: 'maybe' }),
    ],
    ['duplicate option values', (f) => f.components[0]!.values!.push({ label: 'Again', value: 'yes' })],
    ['an unknown name', (f) => Object.assign(f, { name: 'bc-unknown' })],
    [
      'a conditional inside a datagrid row',
      (f) =>
        f.components.push({
          type: 'datagrid',
          key: 'rows',
          label: 'Rows',
          input: true,
          components: [
            {
              type: 'textfield',
              key: 'cell',
              label: 'Cell',
              input: true,
              conditional: {
                show: true,
                conjunction: 'all',
                conditions: [{ component: 'workStarted', operator: 'isEqual', value: 'yes' }],
              },
            },
          ],
        } as never),
    ],
  ];
  for (const [what, breakIt] of broken) {
    it(`rejects ${what}`, () => {
      const f = base();
      breakIt(f);
      expect(FormioForm.safeParse(f).success).toBe(false);
    });
  }
});

describe('building code clauses: hints (docs/reference-data.md)', () => {
  it('each clause’s "how the work complies" has its own hint naming the clause', () => {
    const form = FormioForm.parse(read('bc-building-code'));
    const hints: string[] = [];
    for (const c of eachFormioComponent(form.components) as FormioComponent[])
      if (c.type === 'textfield' && c.key.endsWith('Details')) {
        const code = (c as { label: string }).label.split(':')[0]!;
        const hint = (c as { description?: string }).description ?? '';
        expect(hint).toMatch(new RegExp(`^How the work meets ${code} `));
        hints.push(hint);
      }
    expect(hints.length).toBeGreaterThan(30);
    expect(new Set(hints).size).toBe(hints.length);
  });
});
