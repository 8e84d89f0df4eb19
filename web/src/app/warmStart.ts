import { prefetchGet } from '../api/client';
import { applicationsApi } from '../api/applications';
import { userPaths } from '../api/user';
import { FIRST_RECENT_TAB, recentParams } from '../features/dashboard/recent';
import type { RuntimeConfig } from './config';
import { storedIdToken } from './amplify';

/**
 * The warm start of a signed-in load (docs/performance.md, step 19): when the browser holds a stored
 * session, main.tsx starts the signed-in chunks (app/preload.ts) and this, before config.json
 * arrives; once the config is in and the stored token is valid, GET /user and (on the dashboard) the
 * first recent list start, and the first draw takes their responses (api/client.ts prefetchGet).
 * Nothing here decides anything: an expired token skips the GETs.
 */
export function warmStart(pathname: string, config: Promise<RuntimeConfig>): void {
  const ignore = () => undefined;
  config.then((c) => {
    if (!storedIdToken(c.userPoolClientId, window.localStorage)) return;
    prefetchGet(userPaths.me);
    if (pathname === '/') applicationsApi.prefetchListV3(recentParams(FIRST_RECENT_TAB));
  }, ignore);
}
