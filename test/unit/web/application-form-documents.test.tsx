// @vitest-environment jsdom
/**
 * The application form's documents step shows the containers the application needs. The
 * jurisdiction's forms (GET /public/jurisdictions/{id}) do not carry `requiredDocumentContainers`;
 * the application (GET /user/applications/{id}) lists them as `requiredDocuments`.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../../web/src/i18n';
import { ToastProvider } from '../../../web/src/components/toasts';
import ApplicationFormPage from '../../../web/src/features/application-form/ApplicationFormPage';
import {
  requiredContainerIds,
  requiredContainers,
} from '../../../web/src/features/application-form/DocumentStep';
import { applicationsApi } from '../../../web/src/api/applications';
import { apiRequest } from '../../../web/src/api/client';
import { documentKeys } from '../../../web/src/api/documents';
import type { EnabledStep, GetApplicationResponse } from '../../../shared/schemas/applications';
import { breadcrumbDto, formDto, jurisdictionAnswer, stepDto } from './reference-support';

// prefetchGet: the page starts a step's GETs early (a no-op here: the step's query asks apiRequest).
vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn(), prefetchGet: vi.fn() }));
vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: { get: vi.fn(), enabledSteps: vi.fn(), step: vi.fn(), ruleResults: vi.fn() },
  };
});
const api = vi.mocked(applicationsApi);
const request = vi.mocked(apiRequest);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
  // The upload step is a chunk of its own, loaded with the step: loaded here first, as the page's
  // frame no longer brings Cloudscape's modules with it (transforming them all takes long on a busy machine).
  await import('../../../web/src/features/documents/DocumentUploadStep');
}, 60_000);
afterEach(() => cleanup());

describe('requiredContainerIds', () => {
  it("takes the application's required documents, then the form's containers, once each", () => {
    expect(
      requiredContainerIds(undefined, [{ documentContainerId: 'plans' }, { documentContainerId: 'plans' }]),
    ).toEqual(['plans']);
    expect(requiredContainerIds(['specifications', 'plans'], [{ documentContainerId: 'plans' }])).toEqual([
      'plans',
      'specifications',
    ]);
    expect(requiredContainerIds(undefined, undefined)).toEqual([]);
  });

  it('maps to the reference containers in display order, each required', () => {
    const containers = requiredContainers(
      requiredContainerIds(undefined, [
        { documentContainerId: 'proof-of-ownership' },
        { documentContainerId: 'plans' },
        { documentContainerId: 'specifications' },
      ]),
    );
    expect(containers.map((c) => [c.displayName, c.required])).toEqual([
      ['Plans and drawings', true],
      ['Specifications', true],
      ['Proof of ownership', true],
    ]);
  });
});

// As GET /public/jurisdictions/nz serves it: no requiredDocumentContainers.
const form = formDto({
  id: 'bc',
  name: 'Bc',
  displayName: 'Building consent',
  breadcrumbs: [
    breadcrumbDto({
      id: 'bc-documents',
      formId: 'bc',
      name: 'Documents',
      displayName: 'Documents',
      displayOrder: 3,
      steps: [
        stepDto({
          id: 'bc-documents',
          breadcrumbId: 'bc-documents',
          name: 'Documents',
          displayName: 'Plans and documents',
          type: 'DocumentUpload',
        }),
      ],
    }),
  ],
});
const jurisdiction = jurisdictionAnswer({ forms: [form] });

const enabled: EnabledStep[] = [
  {
    breadcrumbId: 'bc-documents',
    stepId: 'bc-documents',
    type: 'DocumentUpload',
    enabled: true,
    complete: false,
  },
];

const application = {
  application: {
    id: '42',
    applicationType: 'Standalone',
    recordType: 'Draft',
    authorityId: 'akl',
    jurisdictionId: 'nz',
    status: 'Draft',
    formId: 'bc',
    formDisplayName: 'Building consent',
    accessLevel: 'Manage',
    participants: [],
    workflowStages: [],
  },
  requiredDocuments: [
    { id: 'plans', name: 'Plans and drawings', status: 'Required', documentContainerId: 'plans' },
    {
      id: 'specifications',
      name: 'Specifications',
      status: 'Required',
      documentContainerId: 'specifications',
    },
    {
      id: 'proof-of-ownership',
      name: 'Proof of ownership',
      status: 'Required',
      documentContainerId: 'proof-of-ownership',
    },
  ],
  requiredInspections: [],
  template: null,
} as unknown as GetApplicationResponse;

describe('ApplicationFormPage documents step', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    request.mockImplementation(async (path: string) => {
      if (path === '/public/jurisdictions/nz') return jurisdiction as never;
      if (path === '/user/applications/42/documents') return [] as never;
      throw new Error(`unexpected ${path}`);
    });
    api.get.mockResolvedValue(application);
    api.enabledSteps.mockResolvedValue(enabled);
  });

  const renderPage = (queryClient: QueryClient) => {
    const router = createMemoryRouter(
      [{ path: '/application-form/:applicationId', Component: ApplicationFormPage }],
      { initialEntries: ['/application-form/42'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  };

  it("shows a section with its file input for each of the application's required containers", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderPage(queryClient);
    for (const name of ['Plans and drawings', 'Specifications', 'Proof of ownership']) {
      expect(await screen.findByRole('heading', { level: 2, name }, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByLabelText(`Choose files for ${name}`)).toBeTruthy();
    }
  });

  it('marks the step complete once every required container has a settled file, without a reload', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderPage(queryClient);
    const nav = await screen.findByRole('navigation', { name: 'Steps' }, { timeout: 10_000 });
    expect(await within(nav).findByText('Not complete')).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Plans and drawings' }, { timeout: 10_000 });

    // The files settle (as the step's polling reads them) and the server now counts the step complete.
    const settled = ['plans', 'specifications', 'proof-of-ownership'].map((containerId, order) => ({
      name: `${containerId}.pdf`,
      fileName: `${containerId}.pdf`,
      fileType: 'application/pdf',
      fileSize: 10_000,
      fileVersion: 1,
      createdDate: '2026-01-05T00:00:00.000Z',
      uploadStatus: 'Completed',
      isMergedFile: false,
      hasExtractedData: false,
      documentContainerId: containerId,
      order,
      isEditable: true,
      isDeletable: true,
    }));
    request.mockImplementation(async (path: string) => {
      if (path === '/public/jurisdictions/nz') return jurisdiction as never;
      if (path === '/user/applications/42/documents') return settled as never;
      throw new Error(`unexpected ${path}`);
    });
    api.enabledSteps.mockResolvedValue([{ ...enabled[0]!, complete: true }]);
    await queryClient.invalidateQueries({ queryKey: documentKeys.list('42') });

    expect(await within(nav).findByText('Complete', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(nav).queryByText('Not complete')).toBeNull();
  });
});
