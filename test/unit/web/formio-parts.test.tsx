// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import FormioRenderer from '../../../web/src/features/application-form/FormioRenderer';
import { FormioForm } from '../../../shared/schemas/formio';

// A file of its own: the parts are loaded once per module graph, and the renderer's other tests
// load them all first (formio-renderer.test.tsx).

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => cleanup());

const withDate = FormioForm.parse({
  name: 'cpu-application',
  title: 'Dates',
  display: 'form',
  components: [
    { type: 'textfield', key: 'name', label: 'Building name', input: true },
    {
      type: 'datetime',
      key: 'start',
      label: 'Start date',
      input: true,
      enableTime: false,
      format: 'dd/MM/yyyy',
      tooltip: 'The day work starts',
    },
  ],
});

describe('the controls only some definitions draw', () => {
  it('a date field not loaded yet shows the step loading, then the picker and its tooltip', async () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Loading the step</p>}>
          <FormioRenderer form={withDate} data={{ start: '2025-03-04' }} onChange={() => undefined} />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByText('Loading the step')).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'More information about Start date' }, { timeout: 30_000 }),
    ).toBeTruthy();
    const picker = createWrapper(container).findDatePicker()!;
    expect(picker.findNativeInput().getElement().value).toBe('2025/03/04');
    expect(screen.getByText('Building name')).toBeTruthy();
    expect(screen.queryByText('Loading the step')).toBeNull();
  });
});
