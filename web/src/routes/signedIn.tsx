import { createBrowserRouter, Navigate } from 'react-router';
import { AppShell } from '../features/shell/AppShell';
import { ComingSoonPage } from '../features/coming-soon/ComingSoonPage';
import { PageSpinner } from '../components/PageSpinner';
import { RouteError } from './RouteError';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Signed-in routes (rendered only once authenticated and GET /user has loaded). */
export function createSignedInRouter() {
  return createBrowserRouter([
    {
      Component: AppShell,
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        { index: true, lazy: page(() => import('../features/dashboard/DashboardPage')) },
        { path: 'projects', element: <ComingSoonPage area="projects" /> },
        { path: 'libraries', element: <ComingSoonPage area="libraries" /> },
        { path: 'organisation-members', element: <ComingSoonPage area="organisation" /> },
        { path: 'new-application/*', element: <ComingSoonPage area="newApplication" /> },
        { path: 'user-profile', element: <ComingSoonPage area="profile" /> },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
