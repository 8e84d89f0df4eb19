// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import FormioRenderer, { FIELDS_PER_DRAW } from '../../../web/src/features/application-form/FormioRenderer';
import { loadStepValidation } from '../../../web/src/features/application-form/useStepValidation';
import { preloadParts } from '../../../web/src/features/application-form/formioParts';
import StepView from '../../../web/src/features/application-form/StepView';
import { isComponentVisible, parseNumberText } from '../../../web/src/features/application-form/formio';
import { validateFormio } from '../../../shared/formio/validate';
import { FormioForm } from '../../../shared/schemas/formio';
import bcProject from '../../../shared/reference/formio/bc-project.json';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
  // The validation is a chunk of its own (loaded on the first interaction in the browser).
  await loadStepValidation();
  // So are the date picker, the datagrid's editor and the tooltip (the step loads those its definition draws).
  await preloadParts(everyType);
});
afterEach(() => cleanup());

/** A definition with every component type the renderer draws. */
const everyType = FormioForm.parse({
  name: 'bc-project',
  title: 'Every type',
  display: 'form',
  components: [
    {
      type: 'panel',
      key: 'main',
      title: 'Main panel',
      input: false,
      components: [
        {
          type: 'textfield',
          key: 'name',
          label: 'Building name',
          input: true,
          placeholder: 'e.g. Harbour View',
          description: 'As on the title',
          tooltip: 'The name people know it by',
          validate: { required: true, maxLength: 20 },
        },
        { type: 'textarea', key: 'notes', label: 'Notes', input: true, validate: { minLength: 10 } },
        { type: 'number', key: 'floors', label: 'Floors', input: true, validate: { min: 1, max: 49 } },
        { type: 'currency', key: 'value', label: 'Value', input: true, currency: 'NZD' },
        {
          type: 'select',
          key: 'use',
          label: 'Use',
          input: true,
          dataSrc: 'values',
          data: {
            values: [
              { label: 'Housing', value: 'housing' },
              { label: 'Commercial', value: 'commercial' },
            ],
          },
        },
        {
          type: 'radio',
          key: 'life',
          label: 'Intended life',
          input: true,
          values: [
            { label: 'Indefinite', value: 'indefinite' },
            { label: 'Specified', value: 'specified' },
          ],
        },
        {
          type: 'number',
          key: 'years',
          label: 'Specified life (years)',
          input: true,
          validate: { required: true },
          conditional: {
            show: true,
            conjunction: 'all',
            conditions: [{ component: 'life', operator: 'isEqual', value: 'specified' }],
          },
        },
        {
          type: 'selectboxes',
          key: 'work',
          label: 'Work type',
          input: true,
          values: [
            { label: 'New building', value: 'newBuilding' },
            { label: 'Alteration', value: 'alteration' },
          ],
        },
        { type: 'checkbox', key: 'agree', label: 'I agree', input: true },
        {
          type: 'datetime',
          key: 'start',
          label: 'Start date',
          input: true,
          enableTime: false,
          format: 'dd/MM/yyyy',
        },
      ],
    },
    {
      type: 'fieldset',
      key: 'extra',
      legend: 'Extra fieldset',
      input: false,
      components: [
        {
          type: 'datagrid',
          key: 'people',
          label: 'Practitioners',
          input: true,
          components: [
            { type: 'textfield', key: 'lbp', label: 'LBP number', input: true, validate: { required: true } },
          ],
        },
      ],
    },
  ],
});

/** The renderer with its data held like the step does; returns the latest data. */
function renderForm(form: FormioForm, initial: Record<string, unknown> = {}, showAllErrors = false) {
  const latest = { data: initial };
  function Harness() {
    const [data, setData] = useState(initial);
    return (
      <FormioRenderer
        form={form}
        data={data}
        showAllErrors={showAllErrors}
        onChange={(d) => {
          latest.data = d;
          setData(d);
        }}
      />
    );
  }
  const result = render(
    <I18nextProvider i18n={i18n}>
      <Harness />
    </I18nextProvider>,
  );
  return { ...result, latest, wrapper: createWrapper(result.container) };
}

/** The plain fields (features/application-form/fields.tsx): a field's label, description, error and constraint. */
const fieldLabels = (root: ParentNode = document.body) =>
  [...root.querySelectorAll('[data-field]')].map((f) =>
    f.querySelector('[data-field-label]')?.textContent?.replace(/\s*\*$/, ''),
  );

const fieldByLabel = (label: string) => {
  const field = [...document.querySelectorAll<HTMLElement>('[data-field]')].find(
    (f) => f.querySelector('[data-field-label]')?.textContent?.replace(/\s*\*$/, '') === label,
  );
  if (!field) throw new Error(`No field ${label}`);
  const part = (name: string) => field.querySelector<HTMLElement>(`[data-field-${name}]`);
  return {
    label: part('label'),
    description: part('description'),
    error: part('error'),
    constraint: part('constraint'),
    /** The control its label names. */
    control: () => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
  };
};

describe('FormioRenderer', () => {
  it('draws every component type with its label, description, placeholder and required marker', () => {
    const { wrapper } = renderForm(everyType);
    for (const text of [
      'Main panel',
      'Notes',
      'Floors',
      'Value',
      'Use',
      'Intended life',
      'Work type',
      'I agree',
      'Start date',
      'Extra fieldset',
      'Practitioners',
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    const name = fieldByLabel('Building name');
    expect(name.label!.textContent).toBe('Building name *');
    expect(name.description!.textContent).toBe('As on the title');
    const input = name.control() as HTMLInputElement;
    expect(input.placeholder).toBe('e.g. Harbour View');
    // Named by its label, described by its description, required.
    expect(screen.getByRole('textbox', { name: 'Building name' })).toBe(input);
    expect(input.getAttribute('aria-describedby')).toBe(name.description!.id);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('button', { name: 'More information about Building name' })).toBeTruthy();
    expect(fieldByLabel('Value').constraint!.textContent).toBe('NZD');
    expect(
      within(screen.getByRole('radiogroup', { name: 'Intended life' })).getAllByRole('radio'),
    ).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Use' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Work type' })).toBeTruthy();
    expect(wrapper.findDatePicker()).toBeTruthy();
    expect(wrapper.findAttributeEditor()!.findAddButton().getElement().textContent).toBe('Add row');
  });

  it("shows 'Required' on a required field once it is left empty, as the server says", () => {
    renderForm(everyType);
    const input = fieldByLabel('Building name').control();
    expect(fieldByLabel('Building name').error).toBeNull();
    fireEvent.blur(input);
    const error = fieldByLabel('Building name').error!;
    expect(error.textContent).toBe('Required');
    // The control is invalid and described by its error, which says so to a screen reader too.
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(within(error).getByRole('img', { name: 'Error' })).toBeTruthy();
    const server = validateFormio(everyType, {}).errors.find((e) => e.field === 'name');
    expect(server?.reason).toBe('Required');
  });

  it('holds numbers to their range with the server message, and stores numbers', () => {
    const { latest } = renderForm(everyType);
    const input = fieldByLabel('Floors').control();
    act(() => fireEvent.change(input, { target: { value: '60' } }));
    fireEvent.blur(input);
    expect(latest.data.floors).toBe(60);
    const expected = validateFormio(everyType, { floors: 60 }).errors.find(
      (e) => e.field === 'floors',
    )!.reason;
    expect(fieldByLabel('Floors').error!.textContent).toBe(expected);
    expect(expected).toMatch(/49/);
    act(() => fireEvent.change(input, { target: { value: '12' } }));
    expect(latest.data.floors).toBe(12);
    expect(fieldByLabel('Floors').error).toBeNull();
  });

  it('shows every error on a save attempt (showAllErrors)', () => {
    renderForm(everyType, {}, true);
    expect(fieldByLabel('Building name').error!.textContent).toBe('Required');
    expect(fieldByLabel('Notes').error).toBeNull();
  });

  it('shows a conditional field only when its condition holds, and hides its error otherwise', () => {
    const { latest } = renderForm(everyType, {}, true);
    expect(screen.queryByText('Specified life (years)')).toBeNull();
    const life = screen.getByRole('radiogroup', { name: 'Intended life' });
    act(() => fireEvent.click(within(life).getByRole('radio', { name: 'Specified' })));
    expect(latest.data.life).toBe('specified');
    expect(fieldByLabel('Specified life (years)').error!.textContent).toBe('Required');
    act(() => fireEvent.click(within(life).getByRole('radio', { name: 'Indefinite' })));
    expect(screen.queryByText('Specified life (years)')).toBeNull();
    // The server agrees: the hidden field is not required.
    expect(validateFormio(everyType, { life: 'indefinite' }).errors.map((e) => e.field)).not.toContain(
      'years',
    );
  });

  it('stores select, selectboxes, checkbox and datetime values in the shape the server checks', () => {
    const { wrapper, latest } = renderForm(everyType);
    const select = screen.getByRole('combobox', { name: 'Use' });
    act(() => fireEvent.change(select, { target: { value: 'commercial' } }));
    expect(latest.data.use).toBe('commercial');
    // Its first option is the placeholder: choosing it again clears the answer.
    act(() => fireEvent.change(select, { target: { value: '' } }));
    expect(latest.data.use).toBeUndefined();
    act(() => fireEvent.change(select, { target: { value: 'commercial' } }));
    const boxes = within(screen.getByRole('group', { name: 'Work type' })).getAllByRole('checkbox');
    act(() => fireEvent.click(boxes[1]!));
    expect(latest.data.work).toEqual({ newBuilding: false, alteration: true });
    act(() => fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ })));
    expect(latest.data.agree).toBe(true);
    act(() => wrapper.findDatePicker()!.setInputValue('2025/03/04'));
    expect(latest.data.start).toBe('2025-03-04');
    const { errors } = validateFormio(everyType, {
      ...latest.data,
      name: 'Harbour View',
      people: [{ lbp: 'BP123456' }],
    });
    expect(errors).toEqual([]);
  });

  it("a date typed in part stays as typed; a stored date that cannot be read says the spec's 'Invalid date'", () => {
    // While typing, the picker passes what is there so far: the field keeps it (the picker completes
    // it on leaving the field).
    const typing = renderForm(everyType);
    const picker = typing.wrapper.findDatePicker()!;
    act(() => picker.findNativeInput().focus());
    act(() => picker.setInputValue('2025/02'));
    expect(typing.latest.data.start).toBe('2025-02');
    expect(picker.findNativeInput().getElement().value).toMatch(/^2025\/02/);
    cleanup();
    // An answer saved by an API client or an older form that is not a date.
    const stored = renderForm(everyType, { start: 'last week' }, true);
    expect(fieldByLabel('Start date').error!.textContent).toBe('Invalid date');
    act(() => stored.wrapper.findDatePicker()!.setInputValue('2025/02/28'));
    expect(stored.latest.data.start).toBe('2025-02-28');
    expect(fieldByLabel('Start date').error).toBeNull();
  });

  it('adds and removes datagrid rows, validating each cell like the server', () => {
    const { wrapper, latest } = renderForm(everyType, {}, true);
    const grid = wrapper.findAttributeEditor()!;
    // Like Form.io, an empty grid shows one empty row, and the server asks for its required cells.
    expect(grid.findRows()).toHaveLength(1);
    expect(validateFormio(everyType, {}).errors).toContainEqual({
      field: 'people[0].lbp',
      reason: 'Required',
    });
    expect(grid.findRow(1)!.findField(1)!.findError()!.getElement().textContent).toBe('Required');
    act(() =>
      fireEvent.change(grid.findRow(1)!.findField(1)!.findControl()!.find('input')!.getElement(), {
        target: { value: 'BP123456' },
      }),
    );
    expect(latest.data.people).toEqual([{ lbp: 'BP123456' }]);
    act(() => grid.findAddButton().click());
    expect(latest.data.people).toEqual([{ lbp: 'BP123456' }, {}]);
    expect(grid.findRows()).toHaveLength(2);
    expect(grid.findRow(2)!.findField(1)!.findError()!.getElement().textContent).toBe('Required');
    act(() => grid.findRow(1)!.findRemoveButton()!.click());
    expect(latest.data.people).toEqual([{}]);
    expect(grid.findRows()).toHaveLength(1);
  });

  it('draws the real bc-project definition with its panels and top-level labels', () => {
    const form = FormioForm.parse(bcProject);
    renderForm(form);
    for (const c of form.components) {
      if (c.type === 'panel') expect(screen.getByText(c.title)).toBeTruthy();
    }
    expect(screen.getByText('Current lawful use of the building')).toBeTruthy();
    // intendedLifeYears shows only for a specified intended life.
    expect(screen.queryByText('Specified intended life (years)')).toBeNull();
  });
  it('draws the first fields at once and the rest in later commits, in order, the end after the last', async () => {
    // Without act(), which would run every commit before returning: what a browser paints in turn.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      const form = FormioForm.parse(bcProject);
      root.render(
        <I18nextProvider i18n={i18n}>
          <FormioRenderer form={form} data={{}} onChange={() => {}} end={<button>Save</button>} />
        </I18nextProvider>,
      );
      const labels = () => fieldLabels(container);
      // The first commit: the first fields of the definition (the first panel's), not the later
      // panels, and no Save button below them yet.
      await waitFor(() => expect(labels().length).toBeGreaterThan(0));
      expect(labels()).toEqual([
        'Building name',
        'Location of the building within the site',
        'Current lawful use of the building',
      ]);
      expect(labels()).toHaveLength(FIELDS_PER_DRAW);
      expect(screen.getByText('The building')).toBeTruthy();
      expect(screen.queryByText('The project')).toBeNull();
      expect(screen.queryByText('Owner and project information memorandum')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      // Then the rest, each in its panel in the definition's order, and the Save button after them.
      // (jsdom is slow on a loaded machine: a few seconds for the later commits.)
      const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 30_000 });
      const drawn = labels();
      expect(drawn.slice(0, 7)).toEqual([
        'Building name',
        'Location of the building within the site',
        'Current lawful use of the building',
        'Number of occupants for the current use',
        'Year the building was first constructed',
        'Type of building work',
        'Description of the building work',
      ]);
      expect(drawn.at(-1)).toBe('Do you request a project information memorandum (PIM)?');
      const last = screen.getByText('Do you request a project information memorandum (PIM)?');
      expect(last.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  }, 40_000);
});

describe('formio helpers', () => {
  it('parses typed numbers; text that is not a number stays text (and fails validation)', () => {
    expect(parseNumberText('')).toBeUndefined();
    expect(parseNumberText('1,250.5')).toBe(1250.5);
    expect(parseNumberText('12abc')).toBe('12abc');
  });

  it('evaluates conditions like Form.io (selectboxes: the ticked option)', () => {
    const cond = (operator: 'isEqual' | 'isNotEmpty' | 'greaterThan', value?: string | number) => ({
      conditional: {
        show: true,
        conjunction: 'all' as const,
        conditions: [{ component: 'a', operator, value }],
      },
    });
    expect(isComponentVisible(cond('isEqual', 'x'), { a: { x: true, y: false } })).toBe(true);
    expect(isComponentVisible(cond('isEqual', 'y'), { a: { x: true, y: false } })).toBe(false);
    expect(isComponentVisible(cond('isNotEmpty'), { a: '' })).toBe(false);
    expect(isComponentVisible(cond('greaterThan', 3), { a: 4 })).toBe(true);
  });
});

describe('StepView', () => {
  it('reads the data as label/value pairs with option labels', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <StepView
          form={everyType}
          data={{
            name: 'Harbour View',
            use: 'commercial',
            life: 'specified',
            years: 20,
            work: { newBuilding: true, alteration: true },
            agree: true,
            value: 250000,
            start: '2025-03-04',
            people: [{ lbp: 'BP123456' }],
          }}
        />
      </I18nextProvider>,
    );
    const pairs = createWrapper(document.body).findKeyValuePairs()!;
    const text = pairs.getElement().textContent ?? '';
    expect(text).toContain('Harbour View');
    expect(text).toContain('Commercial');
    expect(text).toContain('Specified');
    expect(text).toContain('New building, Alteration');
    expect(text).toContain('Yes');
    expect(text).toContain('$250,000.00');
    expect(text).toContain('04 Mar 2025');
    expect(screen.getByText('BP123456')).toBeTruthy();
    expect(screen.getByText('Specified life (years)')).toBeTruthy();
  });
});
