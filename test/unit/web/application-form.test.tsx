// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../web/src/features/shell/useCurrentUser';
import { user } from './applications-support';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import { ToastProvider } from '../../../web/src/components/toasts';
import ApplicationFormPage from '../../../web/src/features/application-form/ApplicationFormPage';
import { StepAutosave, pendingKey } from '../../../web/src/features/application-form/autosave';
import { buildFormModel, resolveStep, stepUrl } from '../../../web/src/features/application-form/formModel';
import {
  groupResults,
  hasBlockingErrors,
  resultMessage,
} from '../../../web/src/features/application-form/review';
import { applicationsApi } from '../../../web/src/api/applications';
import { apiRequest } from '../../../web/src/api/client';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import { ServiceError } from '../../../web/src/api/errors';
import type {
  EnabledStep,
  GetApplicationResponse,
  ValidationResult,
} from '../../../shared/schemas/applications';
import type { FormDto } from '../../../shared/schemas/reference';
import bcProject from '../../../shared/reference/formio/bc-project.json';
import bcBuildingCode from '../../../shared/reference/formio/bc-building-code.json';
// The contact step is a chunk of its own in the app (lazy); loaded with the file here, as an
// on-demand import of the participants section mid-test outlasts the test's timeout.
import '../../../web/src/features/application-form/ContactStep';

// prefetchGet: the page starts a step's GETs early (a no-op here: the step's query asks apiRequest).
vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn(), prefetchGet: vi.fn() }));
vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: {
      get: vi.fn(),
      enabledSteps: vi.fn(),
      step: vi.fn(),
      saveStep: vi.fn(),
      ruleResults: vi.fn(),
      submit: vi.fn(),
    },
  };
});
const api = vi.mocked(applicationsApi);
const request = vi.mocked(apiRequest);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.useRealTimers();
});

// ---- Fixtures: the bc form's breadcrumbs and steps as the jurisdiction serves them ----

const step = (id: string, breadcrumbId: string, displayOrder: number, type: string, extra = {}) => ({
  id,
  breadcrumbId,
  name: id,
  displayName: `Step ${id}`,
  displayOrder,
  type,
  minimumAccessLevel: 'ReadOnly',
  ...extra,
});

const form = {
  id: 'bc',
  jurisdictionId: 'nz',
  name: 'Bc',
  displayName: 'Building consent',
  description: 'Form 2',
  displayOrder: 1,
  category: 'Standalone',
  series: 'bc',
  isHidden: false,
  declarationText: 'I declare that the information is true.',
  breadcrumbs: [
    {
      id: 'bc-submit',
      formId: 'bc',
      name: 'Submit',
      displayName: 'Review and submit',
      displayOrder: 4,
      steps: [step('bc-review', 'bc-submit', 1, 'ApplicationReview')],
    },
    {
      id: 'bc-project',
      formId: 'bc',
      name: 'Project',
      displayName: 'Project',
      displayOrder: 1,
      steps: [
        step('bc-building-code', 'bc-project', 2, 'Formio', { formioName: 'bc-building-code' }),
        step('bc-project', 'bc-project', 1, 'Formio', { formioName: 'bc-project' }),
      ],
    },
    {
      id: 'bc-people',
      formId: 'bc',
      name: 'People',
      displayName: 'People',
      displayOrder: 2,
      steps: [step('bc-participants', 'bc-people', 1, 'Contact')],
    },
  ],
} as unknown as FormDto;

const enabled: EnabledStep[] = [
  { breadcrumbId: 'bc-project', stepId: 'bc-project', type: 'Formio', enabled: true, complete: false },
  { breadcrumbId: 'bc-project', stepId: 'bc-building-code', type: 'Formio', enabled: true, complete: true },
  { breadcrumbId: 'bc-people', stepId: 'bc-participants', type: 'Contact', enabled: true, complete: true },
  {
    breadcrumbId: 'bc-submit',
    stepId: 'bc-review',
    type: 'ApplicationReview',
    enabled: true,
    complete: false,
  },
];

const application = (over: Partial<GetApplicationResponse['application']> = {}): GetApplicationResponse =>
  ({
    application: {
      id: '42',
      applicationType: 'Standalone',
      recordType: 'Draft',
      authorityId: 'wcc',
      jurisdictionId: 'nz',
      startedDate: '2025-03-01T00:00:00Z',
      modifiedDate: '2025-03-01T00:00:00Z',
      userId: 'u1',
      status: 'Draft',
      participants: [
        {
          id: 'p1',
          firstName: 'Aroha',
          lastName: 'Ngata',
          email: 'aroha@example.nz',
          phone: '021 123 4567',
          participantTypes: ['Applicant', 'RegisteredOwner', 'Owner', 'OwnerContact'],
          accessLevel: 'ReadOnly',
        },
      ],
      formId: 'bc',
      etag: 'e1',
      formDisplayName: 'Building consent',
      accessLevel: 'Manage',
      isParticipant: true,
      workflowStages: [],
      hasRFI: false,
      hasOutstandingRFIs: false,
      isHidden: false,
      hasOutstandingPayments: false,
      useRequiredDocumentGroups: false,
      useMultipleRfiDocuments: false,
      address: { fullAddress: '1 Queen Street, Auckland 1010' },
      ...over,
    },
    requiredDocuments: [],
    requiredInspections: [],
    template: null,
  }) as GetApplicationResponse;

const results: ValidationResult[] = [
  {
    applicationId: '42',
    message: 'Suggest adding a {thing}',
    messageParams: { thing: 'site plan' },
    severity: 'Suggestion',
    ruleId: 'r3',
    ruleType: 'DocumentContainer',
  },
  {
    applicationId: '42',
    message: 'Current lawful use of the building: Required',
    severity: 'Error',
    ruleId: 'r1',
    ruleType: 'FormStep',
    stepId: 'bc-project',
  },
  {
    applicationId: '42',
    message: 'Check the compliance schedule',
    severity: 'Control',
    ruleId: 'r2',
    ruleType: 'FormStep',
    stepId: 'bc-building-code',
  },
];

describe('form model', () => {
  const model = buildFormModel(form, enabled);

  it('orders breadcrumbs and steps by display order and numbers them for the URL', () => {
    expect(model.crumbs.map((c) => [c.id, c.position])).toEqual([
      ['bc-project', 1],
      ['bc-people', 2],
      ['bc-submit', 3],
    ]);
    expect(model.steps.map((s) => [s.id, s.position, s.breadcrumbPosition, s.complete])).toEqual([
      ['bc-project', 1, 1, false],
      ['bc-building-code', 2, 1, true],
      ['bc-participants', 3, 2, true],
      ['bc-review', 4, 3, false],
    ]);
    expect(stepUrl('42', model.steps[1]!)).toBe('/application-form/42/breadcrumb/1/step/2');
  });

  it('defaults to the first enabled step; a breadcrumb resets the step to its first', () => {
    expect(resolveStep(model, {})?.id).toBe('bc-project');
    expect(resolveStep(model, { stepId: '2' })?.id).toBe('bc-building-code');
    expect(resolveStep(model, { breadcrumbId: '2' })?.id).toBe('bc-participants');
    // A step outside the URL's breadcrumb: the breadcrumb's first step.
    expect(resolveStep(model, { breadcrumbId: '3', stepId: '1' })?.id).toBe('bc-review');
    expect(resolveStep(model, { stepId: '99' })?.id).toBe('bc-project');
  });

  it('leaves out the steps that do not apply to the record type: Template details only on a template', () => {
    const withTemplate = {
      ...form,
      breadcrumbs: form.breadcrumbs.map((b) =>
        b.id === 'bc-submit'
          ? { ...b, steps: [...b.steps, step('bc-template', 'bc-submit', 2, 'TemplateDetails')] }
          : b,
      ),
    } as unknown as FormDto;
    const all = [
      ...enabled,
      {
        breadcrumbId: 'bc-submit',
        stepId: 'bc-template',
        type: 'TemplateDetails',
        enabled: true,
        complete: false,
      } as EnabledStep,
    ];
    const draft = buildFormModel(withTemplate, all, 'Draft');
    expect(draft.steps.map((s) => s.id)).toEqual([
      'bc-project',
      'bc-building-code',
      'bc-participants',
      'bc-review',
    ]);
    expect(draft.crumbs.at(-1)!.steps.map((s) => s.id)).toEqual(['bc-review']);
    const template = buildFormModel(withTemplate, all, 'Template');
    expect(template.steps.map((s) => [s.id, s.position])).toContainEqual(['bc-template', 5]);
  });

  it('skips steps the server does not enable', () => {
    const only = buildFormModel(
      form,
      enabled.map((e) => (e.stepId === 'bc-project' ? { ...e, enabled: false } : e)),
    );
    expect(resolveStep(only, {})?.id).toBe('bc-building-code');
    expect(resolveStep(only, { stepId: '1' })?.id).toBe('bc-building-code');
  });
});

describe('review rules', () => {
  it('groups results by severity, Error first, and blocks Submit while Errors remain', () => {
    expect(groupResults(results).map((g) => [g.severity, g.results.map((r) => r.ruleId)])).toEqual([
      ['Error', ['r1']],
      ['Control', ['r2']],
      ['Suggestion', ['r3']],
    ]);
    expect(hasBlockingErrors(results)).toBe(true);
    expect(hasBlockingErrors(results.filter((r) => r.severity !== 'Error'))).toBe(false);
    expect(resultMessage(results[0]!)).toBe('Suggest adding a site plan');
  });
});

describe('StepAutosave', () => {
  const make = (save = vi.fn().mockResolvedValue({})) => {
    const statuses: string[] = [];
    const errors: unknown[] = [];
    const autosave = new StepAutosave({
      applicationId: '42',
      save,
      storage: sessionStorage,
      debounceMs: 2000,
      onStatus: (_s, status) => statuses.push(status),
      onError: (_s, e) => errors.push(e),
    });
    return { autosave, save, statuses, errors };
  };

  it('saves after a pause in typing, once, with the latest data', async () => {
    vi.useFakeTimers();
    const { autosave, save, statuses } = make();
    autosave.change('s1', { a: '1' });
    autosave.change('s1', { a: '12' });
    expect(JSON.parse(sessionStorage.getItem(pendingKey('42', 's1'))!)).toEqual({ a: '12' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledExactlyOnceWith('s1', { a: '12' });
    expect(statuses.at(-1)).toBe('saved');
    expect(sessionStorage.getItem(pendingKey('42', 's1'))).toBeNull();
  });

  it('leaving for another step saves at once; leaving for /application-submitted does not', async () => {
    const first = make();
    first.autosave.change('s1', { a: 'x' });
    await first.autosave.leave('/application-form/42/breadcrumb/1/step/2');
    expect(first.save).toHaveBeenCalledExactlyOnceWith('s1', { a: 'x' });
    first.autosave.dispose();

    vi.useFakeTimers();
    const second = make();
    second.autosave.change('s1', { a: 'y' });
    await second.autosave.leave('/application-submitted/42');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(second.save).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(pendingKey('42', 's1'))).toBeNull();
  });

  it('a failed save keeps the data (memory and sessionStorage) and reports it', async () => {
    const { autosave, errors, statuses } = make(vi.fn().mockRejectedValue(new Error('boom')));
    autosave.change('s1', { a: 'kept' });
    await autosave.flush();
    expect(errors).toHaveLength(1);
    expect(statuses.at(-1)).toBe('failed');
    expect(autosave.unsaved('s1')).toEqual({ a: 'kept' });
    autosave.dispose();
    // A new page (reload) finds it in sessionStorage.
    expect(make().autosave.unsaved('s1')).toEqual({ a: 'kept' });
  });
});

// ---- The page ----

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/application-form/:applicationId', Component: ApplicationFormPage },
      { path: '/application-form/:applicationId/breadcrumb/:breadcrumbId', Component: ApplicationFormPage },
      { path: '/application-form/:applicationId/step/:stepId', Component: ApplicationFormPage },
      {
        path: '/application-form/:applicationId/breadcrumb/:breadcrumbId/step/:stepId',
        Component: ApplicationFormPage,
      },
      { path: '/application-submitted/:applicationId', element: <h1>Submitted page</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <CurrentUserContext.Provider value={user}>
            <RouterProvider router={router} />
          </CurrentUserContext.Provider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('ApplicationFormPage', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    request.mockImplementation(async (path: string) => {
      if (path === '/public/jurisdictions/nz')
        return {
          id: 'nz',
          name: 'nz',
          displayName: 'New Zealand',
          etag: 'e1',
          forms: [form],
          breadcrumbs: [],
          authorities: [],
          documentCategories: [],
        } as never;
      if (path === '/public/formio/bc-project') return { formJson: bcProject } as never;
      if (path === '/public/formio/bc-building-code') return { formJson: bcBuildingCode } as never;
      if (path === '/user/applications/42/participantsV2')
        return [
          {
            id: 'p1',
            applicationId: '42',
            firstName: 'Aroha',
            lastName: 'Ngata',
            email: 'aroha@example.nz',
            phone: '021 123 4567',
            participantTypes: ['RegisteredOwner', 'Owner', 'OwnerContact'],
            accessLevel: 'ReadOnly',
            invitation: 'Accepted',
            isDeleted: false,
            modifiedDate: '2026-11-25T00:00:00.000Z',
            qualifications: [],
            primaryContact: true,
          },
        ] as never;
      if (path === '/user/applications/42/participant-types') return participantTypesJson as never;
      throw new Error(`unexpected ${path}`);
    });
    api.get.mockResolvedValue(application());
    api.enabledSteps.mockResolvedValue(enabled);
    api.step.mockImplementation(async (_id, stepId) => ({
      stepId,
      breadcrumbId: 'bc-project',
      type: 'Formio',
      data: stepId === 'bc-project' ? { buildingName: 'Harbour View' } : {},
      readOnly: false,
    }));
    api.saveStep.mockImplementation(async (_id, stepId, data) => ({
      stepId,
      breadcrumbId: 'bc-project',
      type: 'Formio',
      data,
      readOnly: false,
      errors: [],
    }));
    api.ruleResults.mockResolvedValue(results);
  });

  const nameInput = async () =>
    // The renderer is its own chunk (with @formio/core): its first load takes a moment.
    screen.findByRole<HTMLInputElement>('textbox', { name: 'Building name' }, { timeout: 15_000 });

  it('opens the first enabled step with the sections, the step list and completion marks', async () => {
    renderPage('/application-form/42');
    const input = await nameInput();
    expect(input.value).toBe('Harbour View');
    expect(screen.getByRole('heading', { level: 1, name: /Building consent/ })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Application sections' });
    expect(sections.textContent).toContain('Project');
    expect(sections.textContent).toContain('Review and submit');
    const steps = screen.getByRole('navigation', { name: 'Steps' });
    expect(steps.textContent).toContain('Step bc-building-code');
    expect(steps.textContent).toContain('Complete');
    expect(steps.textContent).toContain('Not complete');
    expect(api.step).toHaveBeenCalledWith('42', 'bc-project', expect.anything());
  });

  it('the header names the application number and keeps it whole (docs/applications.md)', async () => {
    api.get.mockResolvedValue(application({ applicationNumber: 'BLD-2026-00011' }));
    renderPage('/application-form/42');
    await nameInput();
    const numbers = screen.getByTestId('application-numbers');
    expect(numbers.textContent).toBe('Application number BLD-2026-00011 · 1 Queen Street, Auckland 1010');
    expect(within(numbers).getByText('BLD-2026-00011').hasAttribute('data-token')).toBe(true);
  });

  it('leaving a step saves what was typed', async () => {
    const router = renderPage('/application-form/42/breadcrumb/1/step/1');
    const input = await nameInput();
    act(() => fireEvent.change(input, { target: { value: 'Harbour View Tower' } }));
    expect(api.saveStep).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Step bc-building-code' }));
    await waitFor(() =>
      expect(api.saveStep).toHaveBeenCalledWith('42', 'bc-project', { buildingName: 'Harbour View Tower' }),
    );
    expect(router.state.location.pathname).toBe('/application-form/42/breadcrumb/1/step/2');
  });

  it('a failed save shows the toast and keeps the typed data for the next visit', async () => {
    api.saveStep.mockRejectedValue(new Error('Service unavailable'));
    renderPage('/application-form/42/step/1');
    const input = await nameInput();
    act(() => fireEvent.change(input, { target: { value: 'Kept' } }));
    // The Save button draws after the step's last field (its fields are drawn a few per commit).
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot save application step data')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(pendingKey('42', 'bc-project'))!)).toEqual({
      buildingName: 'Kept',
    });
    cleanup();
    api.saveStep.mockClear();
    renderPage('/application-form/42/step/1');
    expect((await nameInput()).value).toBe('Kept');
  });

  it('the contact step shows the participants from the participants API, role display names, no developer wording', async () => {
    renderPage('/application-form/42/breadcrumb/2');
    const card = await screen.findByRole('article', { name: 'Aroha Ngata' });
    // The types' display names, not their codes.
    for (const role of ['Registered owner', 'Owner', 'Owner contact'])
      expect(card.textContent).toContain(role);
    expect(card.textContent).not.toContain('RegisteredOwner');
    expect(card.textContent).toContain('aroha@example.nz');
    expect(card.textContent).toContain('Read only');
    expect(screen.queryByText(/capability/)).toBeNull();
  });

  it('a read-only application shows the step as label/value pairs', async () => {
    api.get.mockResolvedValue(application({ status: 'Submitted' }));
    renderPage('/application-form/42');
    expect(await screen.findByText('Editing locked')).toBeTruthy();
    expect(await screen.findByText('Harbour View')).toBeTruthy();
    expect(createWrapper(document.body).findInput()).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('review: results by severity with links to their steps; Submit disabled while Errors remain', async () => {
    renderPage('/application-form/42/breadcrumb/3');
    expect(await screen.findByText('1 error')).toBeTruthy();
    expect(screen.getByText('1 thing to note')).toBeTruthy();
    expect(screen.getByText('1 suggestion')).toBeTruthy();
    expect(screen.getByText('Suggest adding a site plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Step bc-project' }).getAttribute('href')).toBe(
      '/application-form/42/breadcrumb/1/step/1',
    );
    expect(screen.getByText('I declare that the information is true.')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
  });

  it('review: signs and submits, then lands on /application-submitted without saving a step', async () => {
    api.ruleResults.mockResolvedValue(results.filter((r) => r.severity !== 'Error'));
    api.submit.mockResolvedValue(application({ status: 'Submitted' }));
    const router = renderPage('/application-form/42/breadcrumb/3/step/4');
    const submit = (await screen.findByRole('button', { name: 'Submit' })) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(api.submit).not.toHaveBeenCalled();
    const signature = createWrapper(document.body)
      .findAllFormFields()
      .find((f) => f.findLabel()?.getElement().textContent === 'Signature')!
      .findControl()!
      .findInput()!;
    // Any other text is not a signature: the full name as on the profile is (case and spacing forgiven).
    act(() => signature.setInputValue('x'));
    fireEvent.click(submit);
    expect(await screen.findByText('Type your full name as it is on your profile: Aroha Ngata')).toBeTruthy();
    expect(api.submit).not.toHaveBeenCalled();
    act(() => signature.setInputValue(' aroha  NGATA'));
    fireEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Submitted page' })).toBeTruthy();
    expect(api.submit).toHaveBeenCalledWith('42', 'aroha  NGATA');
    expect(router.state.location.pathname).toBe('/application-submitted/42');
    expect(api.saveStep).not.toHaveBeenCalled();
  });

  it('shows the spec message when the application cannot be fetched, and when enabled steps fail', async () => {
    api.get.mockRejectedValue(new Error('Error'));
    renderPage('/application-form/42');
    expect(await screen.findByText('Fail to fetch application, id: 42')).toBeTruthy();
    cleanup();
    // One the user cannot see: the kinder 'Application not found', without the raw id.
    api.get.mockRejectedValue(new ServiceError('ResourceNotFound', 'Application not found'));
    renderPage('/application-form/42');
    expect(await screen.findByText('Application not found')).toBeTruthy();
    expect(screen.queryByText(/Fail to fetch application/)).toBeNull();
    cleanup();
    api.get.mockResolvedValue(application());
    api.enabledSteps.mockRejectedValue(new Error('Error'));
    renderPage('/application-form/42');
    expect(await screen.findByText('Failed to fetch enabled steps')).toBeTruthy();
  });
});
