import { loadAllStrings } from '../i18n/strings';
import { prefetchGet } from '../api/client';
import { applicationsApi } from '../api/applications';
import { userPaths } from '../api/user';
import { FIRST_RECENT_TAB, recentParams } from '../features/dashboard/recent';
import type { RuntimeConfig } from './config';
import { storedIdToken } from './amplify';

/** The pages a signed-in load can draw first whose chunk is worth starting at once. */
const FIRST_PAGES: Record<string, () => Promise<unknown>> = {
  '/': () => import('../features/dashboard/DashboardPage'),
};

/**
 * The warm start of a signed-in load (docs/performance.md, step 19): when the browser holds a stored
 * session, main.tsx calls this before config.json arrives, so the signed-in app, its strings and the
 * page's chunk download side by side with config.json instead of one after another; once the config
 * is in and the stored token is valid, GET /user and (on the dashboard) the first recent list start
 * too, and the first draw takes their responses (api/client.ts prefetchGet). Nothing here decides
 * anything: a failed download is retried by the lazy imports, an expired token skips the GETs.
 */
export function warmStart(pathname: string, config: Promise<RuntimeConfig>): void {
  const ignore = () => undefined;
  import('./SignedInRoot').catch(ignore);
  loadAllStrings().catch(ignore);
  FIRST_PAGES[pathname]?.().catch(ignore);
  config.then((c) => {
    if (!storedIdToken(c.userPoolClientId, window.localStorage)) return;
    prefetchGet(userPaths.me);
    if (pathname === '/') applicationsApi.prefetchListV3(recentParams(FIRST_RECENT_TAB));
  }, ignore);
}
