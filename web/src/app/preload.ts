import { loadAmplifyAuth } from './amplify';
import { loadAllStrings } from '../i18n/strings';

let started = false;

/**
 * Starts downloading Amplify, the signed-in app (shell, router, dashboard) and its strings while
 * the person types on the sign-in page, so signing in does not wait for those chunks. Once per
 * page load; a failed download is retried by the lazy import when the app is drawn (App.tsx,
 * routes/signedIn.tsx).
 */
export function preloadSignedInApp(): void {
  if (started) return;
  started = true;
  void Promise.all([
    loadAmplifyAuth(),
    loadAllStrings(),
    import('./SignedInRoot'),
    import('../features/dashboard/DashboardPage'),
  ]).catch(() => {
    started = false;
  });
}
