import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastProvider } from '../../../web/src/components/toasts';
import { CurrentUserContext } from '../../../web/src/features/shell/useCurrentUser';
import type { CurrentUser } from '../../../web/src/api/user';
import { user } from './user-support';
import type { ApplicationDto, ApplicationListItem } from '../../../shared/schemas/applications';
import type { ApiAnswer } from '../../../web/src/api/call';
import { initialStages } from '../../../shared/domain/applications';

export { user, userAnswer } from './user-support';

/** An application as GET /user/applications/{id} and the creating routes answer it. */
export function applicationDto(over: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: '101',
    applicationType: 'Standalone',
    recordType: 'Draft',
    authorityId: 'auckland',
    authorityDisplayName: 'Auckland Council',
    jurisdictionId: 'nz',
    startedDate: '2025-03-01T09:00:00.000Z',
    modifiedDate: '2025-03-04T10:30:00.000Z',
    applicationNumber: 'BLD-000101',
    userId: 'user-1',
    status: 'Draft',
    participants: [],
    formId: 'bc',
    formDisplayName: 'Building consent',
    address: { fullAddress: '1 Queen Street, Auckland 1010' },
    etag: 'e1',
    accessLevel: 'Manage',
    notificationLevel: 'Normal',
    isParticipant: true,
    workflowStages: [],
    hasRFI: false,
    hasOutstandingRFIs: false,
    isHidden: false,
    hasOutstandingPayments: false,
    useRequiredDocumentGroups: false,
    useMultipleRfiDocuments: false,
    ...over,
  };
}

/** What POST /user/applications and POST .../child-applications answer: the new application. */
export const createdApplication = (
  over: Partial<ApplicationDto> & { id: string },
): ApiAnswer<'POST /user/applications'> => ({ id: over.id, application: applicationDto(over) });

/** A list row as GET /user/applicationsV3 returns it. */
export function listItem(over: Partial<ApplicationListItem> = {}): ApplicationListItem {
  const { participants: _participants, ...application } = applicationDto();
  return {
    ...application,
    currentStatusLabel: 'Draft',
    hasChildApplications: false,
    isArchived: false,
    isEditable: true,
    isMigrated: false,
    isDeletable: true,
    displayStages: initialStages(),
    ...over,
  };
}

/**
 * Renders `element` at `path` inside the providers the signed-in app gives its pages; other paths
 * render their pathname and search so navigation can be asserted.
 */
export function renderPage(
  i18n: I18n,
  element: ReactNode,
  where: { path?: string; url?: string } = {},
  currentUser: CurrentUser = user,
) {
  const path = where.path ?? '/';
  const url = where.url ?? path;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', Component: Landed },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <CurrentUserContext.Provider value={currentUser}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </CurrentUserContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}
