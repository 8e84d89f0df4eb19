import { prefetchGet } from '../api/client';
import type { RuntimeConfig } from '../lib/config';
import { storedIdToken } from '../lib/amplify';
import { warmGets } from './warmGets';

/**
 * The warm start of a signed-in load (docs/performance.md, step 19): when the browser holds a stored
 * session, main.tsx starts the signed-in chunks (app/preload.ts) and this, before config.json
 * arrives; once the config is in and the stored token is valid, the load's first GETs start
 * (app/warmGets.ts), and the first draw takes their responses (api/client.ts prefetchGet). The boot
 * script usually started them already (each URL starts once). Nothing here decides anything: an
 * expired token skips the GETs.
 */
export function warmStart(pathname: string, config: Promise<RuntimeConfig>): void {
  const ignore = () => undefined;
  config.then((c) => {
    if (!storedIdToken(c.userPoolClientId, window.localStorage)) return;
    for (const { path, query, anonymous } of warmGets(pathname)) prefetchGet(path, query, { anonymous });
  }, ignore);
}
