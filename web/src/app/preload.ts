import { loadAmplifyAuth } from '../lib/amplify';
import { loadAllStrings } from '../i18n/load';
import type { RuntimeConfig } from '../lib/config';

const ignore = () => undefined;

/**
 * Starts downloading the signed-in app (shell, router, query cache), its strings and, on `/`, the
 * dashboard, side by side. A failed download is retried by the lazy import when the app is drawn
 * (App.tsx, routes/signedIn.tsx).
 */
export function preloadSignedInChunks(pathname: string): Promise<unknown> {
  return Promise.all([
    import('./SignedInRoot'),
    loadAllStrings(),
    pathname === '/' ? import('../features/dashboard/DashboardPage') : undefined,
  ]);
}

let started = false;

/**
 * While the person types on the sign-in page: Amplify and the signed-in app with the dashboard, so
 * signing in does not wait for those chunks. Once per page load.
 */
export function preloadSignedInApp(): void {
  if (started) return;
  started = true;
  void Promise.all([loadAmplifyAuth(), preloadSignedInChunks('/')]).catch(() => {
    started = false;
  });
}

let warmed = false;

/**
 * A load with a stored session (main.tsx, before config.json arrives): the signed-in chunks start at
 * once from the entry, and app/warmStart.ts (its own small chunk) starts the first GETs. Once per
 * page load: the boot script (boot.ts) and main.tsx both call it.
 */
export function warmSignedInLoad(pathname: string, config: Promise<RuntimeConfig>): void {
  if (warmed) return;
  warmed = true;
  preloadSignedInChunks(pathname).catch(ignore);
  import('./warmStart').then((m) => m.warmStart(pathname, config)).catch(ignore);
}
