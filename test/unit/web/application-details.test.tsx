// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import { ServiceError } from '../../../web/src/api/errors';
import ApplicationDetailsPage from '../../../web/src/features/application-details/ApplicationDetailsPage';
import { ViewSubmittedDialog } from '../../../web/src/features/application-details/ViewSubmittedDialog';
import {
  councilMayChange,
  genericFields,
  readOnlyFields,
  submittedDialogWidth,
} from '../../../web/src/features/application-details/details';
import { applicationMessages, type ApplicationDto } from '../../../shared/schemas/applications';
import type { FormioForm } from '../../../shared/schemas/formio';
import { createdApplication, listItem, renderPage } from './applications-support';
import { paymentDto, rfiPointDto } from './outstanding-support';
import { authorityDto, breadcrumbDto, formDto, jurisdictionAnswer, stepDto } from './reference-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const APP = {
  ...listItem({ id: '55', status: 'Submitted', recordType: 'Draft', applicationNumber: 'BLD-2025-00055' }),
  participants: [{ id: 'p1', firstName: 'Mere', lastName: 'Tane' }],
  primaryContactId: 'p1',
  complexity: 'Residential 1',
  formId: 'bc',
  formDisplayName: 'Building consent',
  authorityId: 'auckland',
  authorityDisplayName: 'Auckland Council',
  workflowStages: [
    {
      stageDisplayName: 'Lodgement',
      stageName: 'Lodgement',
      stageStatus: 'Completed',
      stageType: 'Steps',
      items: [],
    },
    {
      stageDisplayName: 'Assessment',
      stageName: 'Assessment',
      stageStatus: 'Started',
      stageType: 'Steps',
      progress: { elapsedNum: 4, totalNum: 20 },
      items: [],
    },
  ],
} as unknown as ApplicationDto;

const DEFINITION: FormioForm = {
  name: 'bc-project',
  title: 'Project',
  display: 'form',
  components: [
    { type: 'textfield', key: 'projectName', label: 'Project name', input: true },
    {
      type: 'radio',
      key: 'workType',
      label: 'Type of work',
      input: true,
      values: [
        { label: 'New building', value: 'newBuilding' },
        { label: 'Alteration', value: 'alteration' },
      ],
    },
    {
      type: 'textfield',
      key: 'alterationDetail',
      label: 'Alteration detail',
      input: true,
      conditional: {
        show: true,
        conjunction: 'all',
        conditions: [{ component: 'workType', operator: 'isEqual', value: 'alteration' }],
      },
    },
    { type: 'checkbox', key: 'heritage', label: 'Heritage listed', input: true },
  ],
};

const JURISDICTION = jurisdictionAnswer({
  authorities: [
    authorityDto({
      id: 'auckland',
      displayName: 'Auckland Council',
      email: 'consents@akl.example.nz',
      phone: '09 301 0101',
      website: 'https://akl.example.nz',
      address: { fullAddress: '135 Albert Street, Auckland' },
    }),
  ],
  forms: [
    formDto({
      id: 'bc',
      breadcrumbs: [
        breadcrumbDto({
          id: 'project',
          formId: 'bc',
          displayName: 'Project',
          displayOrder: 1,
          steps: [
            stepDto({
              id: 'bc-project',
              breadcrumbId: 'project',
              displayName: 'Project details',
              displayOrder: 1,
              type: 'Formio',
              formioName: 'bc-project',
            }),
            stepDto({
              id: 'bc-review',
              breadcrumbId: 'project',
              displayName: 'Review',
              displayOrder: 2,
              type: 'ApplicationReview',
            }),
          ],
        }),
      ],
    }),
  ],
});

type Handler = (path: string, options?: { method?: string; body?: unknown }) => unknown;
function serve(handlers: Record<string, unknown>, extra?: Handler) {
  api.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    const key = `${options?.method ?? 'GET'} ${path}`;
    if (extra) {
      const out = extra(path, options);
      if (out !== undefined) return out instanceof Error ? Promise.reject(out) : out;
    }
    if (key in handlers) {
      const value = handlers[key];
      if (value instanceof Error) throw value;
      return value;
    }
    throw new ServiceError('ResourceNotFound', `no stub for ${key}`, 404);
  });
}

const BASE = {
  'GET /user/applications/55': {
    application: APP,
    requiredDocuments: [],
    requiredInspections: [],
    template: null,
  },
  'GET /public/jurisdictions/nz': JURISDICTION,
  'GET /user/applicationsV3/55/child-applications': [
    listItem({
      id: '56',
      status: 'Submitted',
      formDisplayName: 'Amendment',
      applicationNumber: 'BLD-2025-00056',
      currentStatusLabel: 'Submitted',
    }),
  ],
  'GET /user/applicationsV3/55/action-items': [
    {
      displayName: 'Apply for an amendment',
      itemType: 'CreateChildApplication',
      icon: 'add',
      displayOrder: 1,
      formId: 'amendment',
    },
    { displayName: 'Save as template', itemType: 'SaveAsTemplate', icon: 'copy', displayOrder: 2 },
  ],
  'GET /user/applications/55/enabled-steps': [
    { breadcrumbId: 'project', stepId: 'bc-project', type: 'Formio', enabled: true, complete: true },
    {
      breadcrumbId: 'project',
      stepId: 'bc-review',
      type: 'ApplicationReview',
      enabled: true,
      complete: true,
    },
  ],
  'GET /user/applications/55/steps/bc-project': {
    stepId: 'bc-project',
    breadcrumbId: 'project',
    type: 'Formio',
    formioName: 'bc-project',
    data: { projectName: 'Deck', workType: 'newBuilding', alterationDetail: 'hidden', heritage: true },
    readOnly: true,
  },
  'GET /public/formio/bc-project': { formJson: DEFINITION },
};

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

const open = (url: string) =>
  renderPage(i18n, <ApplicationDetailsPage />, { path: '/application-details/:applicationId', url });

describe('reading a lodged application again', () => {
  it('only while the council may still change it', () => {
    for (const status of ['Submitted', 'InProgress', 'VRFISuspended'])
      expect(councilMayChange(status), status).toBe(true);
    for (const status of ['Draft', 'Completed', 'Refused', 'Rejected', 'Lapsed', 'Withdrawn', undefined])
      expect(councilMayChange(status), String(status)).toBe(false);
  });
});

describe('View submitted application dialog rules', () => {
  it('width is the smaller of 1084 px and the viewport minus 64 px', () => {
    expect(submittedDialogWidth(1920)).toBe(1084);
    expect(submittedDialogWidth(1148)).toBe(1084);
    expect(submittedDialogWidth(1000)).toBe(936);
    expect(submittedDialogWidth(375)).toBe(311);
  });

  it('read-only fields use the definition’s labels and options, and honour conditionals', () => {
    expect(
      readOnlyFields(DEFINITION, { projectName: 'Deck', workType: 'newBuilding', heritage: false }),
    ).toEqual([
      { kind: 'value', key: 'projectName', label: 'Project name', value: 'Deck' },
      { kind: 'value', key: 'workType', label: 'Type of work', value: 'New building' },
      { kind: 'value', key: 'heritage', label: 'Heritage listed', value: 'No' },
    ]);
    expect(readOnlyFields(DEFINITION, { workType: 'alteration', alterationDetail: 'Wall' })[2]).toEqual({
      kind: 'value',
      key: 'alterationDetail',
      label: 'Alteration detail',
      value: 'Wall',
    });
    expect(genericFields({ contactName: 'Mere', empty: '' })).toEqual([
      { kind: 'value', key: 'contactName', label: 'Contact name', value: 'Mere' },
      { kind: 'value', key: 'empty', label: 'Empty', value: '-' },
    ]);
  });
});

describe('application details page', () => {
  it('Overview (also for an unknown section): summary panel, workflow stages and the authority card', async () => {
    serve(BASE);
    open('/application-details/55?section=Nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Building consent' })).toBeTruthy();
    const tabs = createWrapper(document.body).findTabs()!;
    expect(tabs.findActiveTab()!.getElement().textContent).toBe('Overview');
    await screen.findByText('Application summary');
    // The number named, on one line (a token), in the header and in the summary.
    expect(screen.getByTestId('application-numbers').textContent).toMatch(
      /^Application number BLD-2025-00055/,
    );
    expect(screen.getAllByText('BLD-2025-00055').every((e) => e.hasAttribute('data-token'))).toBe(true);
    expect(screen.getByText('Mere Tane')).toBeTruthy();
    expect(screen.getByText('Residential 1')).toBeTruthy();
    // Each stage's name once, then its chip (docs/applications.md).
    const stages = within(screen.getByRole('list', { name: 'Workflow stages' })).getAllByRole('listitem');
    expect(stages.map((li) => li.textContent)).toEqual(['LodgementAccepted', 'Assessment(4/20 Completed)']);
    expect(await screen.findByText('consents@akl.example.nz')).toBeTruthy();
  });

  it('Application not found offers the way back to the dashboard (docs/applications.md)', async () => {
    serve({}, (path) =>
      path === '/user/applications/55'
        ? new ServiceError('ResourceNotFound', 'Application not found', 404)
        : undefined,
    );
    open('/application-details/55');
    expect(await screen.findByText('Application not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/');
  });

  it('after the grant both numbers are named: Consent number and Application number (docs/applications.md)', async () => {
    serve({
      ...BASE,
      'GET /user/applications/55': {
        application: { ...APP, consentNumber: 'WCC-BC-2026-0007' },
        requiredDocuments: [],
        requiredInspections: [],
        template: null,
      },
    });
    open('/application-details/55');
    await screen.findByText('Application summary');
    expect(screen.getByTestId('application-numbers').textContent).toMatch(
      /^Consent number WCC-BC-2026-0007 · Application number BLD-2025-00055/,
    );
    const summary = createWrapper(document.body).findKeyValuePairs()!;
    const labels = summary.findItems().map((i) => i.findLabel()!.getElement().textContent);
    expect(labels).toEqual(expect.arrayContaining(['Consent number', 'Application number']));
  });

  it('Overview: "What you need to do" names the fee to pay and the points to answer, each with its button; the tabs count them; Suspended is explained', async () => {
    const waiting = {
      ...APP,
      status: 'VRFISuspended',
      authorityDisplayName: 'Wellington City Council',
      hasOutstandingPayments: true,
      hasOutstandingRFIs: true,
    };
    const payment = paymentDto({
      id: 'p2',
      description: 'Building consent processing fee',
      displayOrder: 2,
      reference: 'INV-2',
      baseAmount: 2847.5,
      surchargeAmount: 54.1,
      dueDate: '2099-12-19',
    });
    const point = (id: string, order: number) =>
      rfiPointDto({
        id,
        requestPerson: {},
        building: '',
        location: '',
        displayOrderInRound: order,
        documentContainerId: 'rfi',
      });
    serve({
      ...BASE,
      'GET /user/applications/55': { ...BASE['GET /user/applications/55'], application: waiting },
      'GET /user/applications/55/payments': [payment],
      'GET /user/applications/55/rfi-points-v2': { rfiPoints: [point('a', 1), point('b', 2)] },
    });
    const { router } = open('/application-details/55');
    const panel = await screen.findByRole('list', { name: 'What you need to do' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Answer 2 points from Wellington City CouncilAnswer the points',
      'Pay $2,847.50 building consent processing fee by 19 Dec 2099Pay now',
    ]);
    expect(
      screen.getAllByText("Waiting for your answers; the council's clock is paused.").length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'RFIs 2 need your attention' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Payments 1 needs your attention' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'People' })).toBeTruthy();
    fireEvent.click(within(items[1]!).getByRole('link', { name: 'Pay now' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/application-details/55/payment-details/p2'),
    );
  });

  it('Overview: with nothing outstanding, says nothing is needed and where the application stands', async () => {
    serve(BASE);
    open('/application-details/55');
    const panel =
      (await screen.findByText('What you need to do')).closest('[class*="container"]') ?? document.body;
    await waitFor(() => expect(panel.textContent).toContain('Nothing for now.'));
    expect(panel.textContent).toContain('the council is checking that it has everything it needs');
  });

  it('People: the participants with their roles, from the participants API', async () => {
    serve({
      ...BASE,
      'GET /user/applications/55/participantsV2': [
        {
          id: 'p1',
          applicationId: '55',
          firstName: 'Mere',
          lastName: 'Tane',
          participantTypes: ['Owner', 'InvoicePayer'],
          accessLevel: 'Manage',
          invitation: 'Accepted',
          isDeleted: false,
          modifiedDate: '2026-11-25T00:00:00.000Z',
          qualifications: [],
          primaryContact: true,
        },
      ],
      'GET /user/applications/55/participant-types': participantTypesJson,
    });
    open('/application-details/55?section=People');
    const card = await screen.findByRole('article', { name: 'Mere Tane' });
    expect(card.textContent).toContain('Invoice payer');
    expect(screen.queryByText(/This section is not available yet/)).toBeNull();
  });

  it('choosing a tab puts the section in the URL', async () => {
    serve(BASE);
    const { router } = open('/application-details/55');
    await screen.findByText('Application summary');
    const tabs = createWrapper(document.body).findTabs()!;
    tabs.findTabLinkById('Payments')!.click();
    await waitFor(() => expect(router.state.location.search).toBe('?section=Payments'));
  });

  it('Applications: child application cards link to them; a create-child action opens the new form', async () => {
    serve(BASE, (path, options) =>
      options?.method === 'POST' && path === '/user/applications/55/child-applications'
        ? createdApplication({ id: '77', applicationType: 'Amendment', parentApplicationId: '55' })
        : undefined,
    );
    const { router } = open('/application-details/55?section=Applications');
    const link = await screen.findByRole('link', { name: 'Amendment' });
    expect(link.getAttribute('href')).toBe('/application-details/56');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for an amendment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application-form/77'));
    expect(api).toHaveBeenCalledWith('/user/applications/55/child-applications', {
      method: 'POST',
      body: { formId: 'amendment' },
    });
  });

  it('Applications: a failed child list says so', async () => {
    serve({
      ...BASE,
      'GET /user/applicationsV3/55/child-applications': new ServiceError('ServerError', 'Error', 500),
    });
    open('/application-details/55?section=Applications');
    const shown = await screen.findAllByText(applicationMessages.failedToFetchChildApplications);
    expect(shown.length).toBeGreaterThan(0);
  });

  it('Forms: View submitted application opens the read-only dialog with the step’s labelled values, editing locked', async () => {
    serve(BASE);
    open('/application-details/55?section=Forms');
    const buttons = await screen.findAllByRole(
      'button',
      { name: /View submitted application/ },
      { timeout: 5000 },
    );
    fireEvent.click(buttons[0]!);
    const modal = createWrapper(document.body).findModal()!;
    await waitFor(() => expect(modal.isVisible()).toBe(true));
    await within(modal.getElement()).findByText('Project details', {}, { timeout: 5000 });
    expect(await within(modal.getElement()).findByText('Deck')).toBeTruthy();
    expect(within(modal.getElement()).getByText('New building')).toBeTruthy();
    expect(within(modal.getElement()).queryByText('Alteration detail')).toBeNull();
    // Only form, contact and document-upload steps are shown.
    expect(within(modal.getElement()).queryByText('Review')).toBeNull();
    const locked = within(modal.getElement()).getByRole('button', {
      name: applicationMessages.editingLocked,
    });
    expect(locked.getAttribute('aria-disabled')).toBe('true');
    fireEvent.focus(locked);
    expect((await screen.findAllByText(applicationMessages.lockedTooltip)).length).toBeGreaterThan(0);
  });
});

describe('View submitted application dialog: building consent header', () => {
  it('shows the parent consent’s address, number and issuer', async () => {
    const child = { ...APP, id: '60', parentApplicationId: '55' };
    const parent = {
      ...APP,
      consentNumber: 'BC-2025-0042',
      address: { fullAddress: '9 Parent Road, Auckland' },
    };
    serve({
      ...BASE,
      'GET /user/applications/60': {
        application: child,
        requiredDocuments: [],
        requiredInspections: [],
        template: null,
      },
      'GET /user/applications/55': {
        application: parent,
        requiredDocuments: [],
        requiredInspections: [],
        template: null,
      },
      'GET /user/applications/60/enabled-steps': [],
    });
    renderPage(i18n, <ViewSubmittedDialog applicationId="60" onClose={() => undefined} />);
    expect(await screen.findByText('Building consent number')).toBeTruthy();
    expect(await screen.findByText('BC-2025-0042')).toBeTruthy();
    expect(screen.getByText('9 Parent Road, Auckland')).toBeTruthy();
    expect(screen.getByText('Issued by')).toBeTruthy();
  });
});
