import { loadAmplifyAuth } from './amplify';

let started = false;

/**
 * Starts downloading Amplify and the signed-in app (shell, router, dashboard) while the person
 * types on the sign-in page, so signing in does not wait for those chunks. Once per page load; a failed
 * download is retried by the lazy import when the app is drawn (App.tsx, routes/signedIn.tsx).
 */
export function preloadSignedInApp(): void {
  if (started) return;
  started = true;
  void Promise.all([
    loadAmplifyAuth(),
    import('./SignedInApp'),
    import('../features/dashboard/DashboardPage'),
  ]).catch(() => {
    started = false;
  });
}
