import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AppShell } from '../features/shell/AppShell';
import { PageSpinner } from '../components/PageSpinner';
import { RouteError } from './RouteError';
import {
  INTENT_SELECTION_URL,
  isNumericId,
  resolveChildApplicationType,
  resolveNewApplicationStep,
  resolveProjectsTab,
} from '../lib/urls/rules';
import { RETURN_TO_PARAM, safeReturnPath } from '../../../shared/domain/returnPath';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const searchOf = (request: Request) => new URL(request.url).searchParams;

/** Redirects to / unless every named path parameter is numeric. */
const numericParams =
  (...names: string[]) =>
  ({ params }: LoaderFunctionArgs) => {
    for (const name of names) if (!isNumericId(params[name])) throw redirect('/');
    return null;
  };

const applicationFormRoutes: RouteObject[] = [
  'application-form/:applicationId',
  'application-form/:applicationId/breadcrumb/:breadcrumbId',
  'application-form/:applicationId/step/:stepId',
  'application-form/:applicationId/breadcrumb/:breadcrumbId/step/:stepId',
].map((path) => ({
  path,
  // Breadcrumb and step are numbers in the URL: their positions in the form (application-form/formModel.ts).
  loader: numericParams(...(path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1))),
  lazy: page(() => import('../features/application-form/ApplicationFormPage')),
}));

/**
 * The signed-in route table (docs/features.md). Rendered only once the user is
 * authenticated, without waiting for GET /user (app/SignedInApp.tsx). Exported for the routing tests,
 * which run it in a memory router.
 */
export const signedInRoutes: RouteObject[] = [
  {
    Component: AppShell,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      // `?access_request=` is decoded by the dashboard's seam (features/dashboard/accessRequestQuery.ts).
      // `?returnTo=` (the invitation mail's links, after sign-in) goes on to that page of this site.
      {
        index: true,
        loader: ({ request }: LoaderFunctionArgs) => {
          const to = safeReturnPath(searchOf(request).get(RETURN_TO_PARAM));
          return to && to !== '/' && !to.startsWith('/?') ? redirect(to) : null;
        },
        lazy: page(() => import('../features/dashboard/DashboardPage')),
      },

      {
        path: 'projects',
        loader: ({ request }) => {
          const resolved = resolveProjectsTab(searchOf(request));
          if ('redirect' in resolved) throw redirect(resolved.redirect);
          return null;
        },
        lazy: page(() => import('../features/applications/ProjectsPage')),
      },
      { path: 'applications', lazy: page(() => import('../features/applications/ApplicationsPage')) },
      { path: 'consents', lazy: page(() => import('../features/applications/ConsentsPage')) },

      { path: 'new-application', loader: () => redirect(INTENT_SELECTION_URL) },
      {
        path: 'new-application/*',
        lazy: page(() => import('../features/new-application/NewApplicationPage')),
        loader: async ({ params, request }) => {
          const step = resolveNewApplicationStep(params['*']);
          if (!step) throw redirect(INTENT_SELECTION_URL);
          const search = searchOf(request);
          if (step === 'child-application' && !resolveChildApplicationType(search)) {
            throw redirect(INTENT_SELECTION_URL);
          }
          if (step === 'authority-property-records') {
            const { parsePropertyQuery } = await import('../lib/urls/propertyQuery');
            if (!parsePropertyQuery(search)) throw redirect('/');
          }
          return null;
        },
      },

      ...applicationFormRoutes,

      {
        path: 'application-details/:applicationId',
        lazy: page(() => import('../features/application-details/ApplicationDetailsPage')),
      },
      {
        path: 'application-details/:applicationId/rfi-point-details/:rfiPointId',
        lazy: page(() => import('../features/rfis/RfiPointPage')),
      },
      {
        path: 'application-details/:applicationId/rfi-point-details-v3/:rfiPointId',
        lazy: page(() => import('../features/rfis/RfiPointPage')),
      },
      {
        path: 'application-details/:applicationId/payment-details/:paymentId',
        lazy: page(() => import('../features/payments/PaymentDetailsPage')),
      },
      // An invited payer's invoice opens signed in too (the link is the credential, not the session).
      { path: 'pay', lazy: page(() => import('../features/payments/PayerPage')) },
      { path: 'pay/:token', lazy: page(() => import('../features/payments/PayerPage')) },
      { path: 'unsubscribe', lazy: page(() => import('../features/notifications/UnsubscribePage')) },
      {
        path: 'application-submitted/:applicationId',
        loader: numericParams('applicationId'),
        lazy: page(() => import('../features/application-submitted/ApplicationSubmittedPage')),
      },
      {
        path: 'application-form-pdf/:applicationId',
        lazy: page(() => import('../features/application-pdf/ApplicationPdfPage')),
      },
      {
        path: 'application-rfis-pdf/:applicationId',
        lazy: page(() => import('../features/application-rfis-pdf/ApplicationRfisPdfPage')),
      },

      { path: 'user-profile', lazy: page(() => import('../features/user/UserProfilePage')) },
      {
        path: 'user-notifications',
        lazy: page(() => import('../features/notifications/UserNotificationsPage')),
      },
      { path: 'libraries', lazy: page(() => import('../features/contacts/LibrariesPage')) },
      {
        path: 'organisation-members',
        lazy: page(() => import('../features/organisations/OrganisationMembersPage')),
      },
      {
        path: 'organisation-invitations',
        lazy: page(() => import('../features/organisations/OrganisationInvitationsPage')),
      },
      {
        path: 'organisation-disabled-members',
        lazy: page(() => import('../features/organisations/OrganisationDisabledMembersPage')),
      },
      {
        path: 'application-templates',
        lazy: page(() => import('../features/templates/ApplicationTemplatesPage')),
      },
      { path: 'contacts', lazy: page(() => import('../features/contacts/ContactsPage')) },

      // The signed-out pages (a link from an email, a bookmark) lead a signed-in person home.
      ...['registration', 'confirm-registration', 'registration-via-invitation', 'forgot-password']
        .concat(['reset-password', 'support'])
        .map((path) => ({ path, loader: () => redirect('/') })),
      // An unknown address says so, with a way back (docs/features.md), not a silent redirect.
      { path: '*', lazy: page(() => import('../features/shell/NotFoundPage')) },
    ],
  },
];

/** Signed-in routes (rendered once authenticated; GET /user fills the user in when it arrives). */
export function createSignedInRouter() {
  return createBrowserRouter(signedInRoutes);
}
