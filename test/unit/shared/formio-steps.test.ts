import { describe, expect, it } from 'vitest';
import steps from '../../../shared/reference/steps.json';
import { formioNames as referenceFormioNames, Step } from '../../../shared/schemas/reference.js';
import { formioNames } from '../../../shared/schemas/formio.js';
import { getFormioDefinition } from '../../../shared/formio/definitions.js';

describe('Formio steps ↔ Form.io definitions', () => {
  it('the reference schema and the Form.io schema name the definitions from one list', () => {
    expect(referenceFormioNames).toBe(formioNames);
  });

  it('every Formio step names a definition that is served, and every definition is used by a step', () => {
    const parsed = Step.array().parse(steps);
    const used = new Set<string>();
    for (const step of parsed.filter((s) => s.type === 'Formio')) {
      expect(step.formioName, step.id).toBeDefined();
      expect(getFormioDefinition(step.formioName!), step.id).toBeDefined();
      used.add(step.formioName!);
    }
    expect([...used].sort()).toEqual([...formioNames].sort());
  });
});
