/**
 * The boot script (docs/performance.md, step 21): a bundle of its own, a few hundred bytes with no
 * imports at run time, that index.html loads first (`async`, injected by web/vite-boot.ts). It runs
 * as soon as it arrives, while the app's entry (React and the sign-in page) still downloads, and on a
 * load with a valid stored session:
 * - preloads the signed-in app's chunks, their strings and (on `/`) the dashboard's (on an
 *   application's form page, the page's own, without its step's renderer), listed by the build in
 *   index.html's `#warm-chunks` data block, so they download beside the entry;
 * - starts the load's first GETs (app/warmGets.ts) with the stored token; the page's first draw
 *   takes their responses (lib/earlyGets.ts, api/client.ts).
 * Without a valid stored session it does nothing: the sign-in page downloads only what it draws.
 */
import { storedSession } from './lib/amplify';
import { API_PATH } from './lib/config';
import { startEarlyGet } from './lib/earlyGets';
import { warmGets } from './app/warmGets';
import { apiUrl } from './api/url';

/** index.html's `#warm-chunks`: files every signed-in load needs, those of one pathname, of a prefix. */
interface WarmChunks {
  all: string[];
  byPath: Record<string, string[]>;
  byPrefix?: Record<string, string[]>;
}

function preload(href: string): void {
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}

const session = storedSession(window.localStorage);
if (session) {
  try {
    const chunks = JSON.parse(document.getElementById('warm-chunks')?.textContent ?? '') as WarmChunks;
    const path = window.location.pathname;
    const byPrefix = Object.entries(chunks.byPrefix ?? {}).flatMap(([p, files]) =>
      path.startsWith(p) ? files : [],
    );
    for (const href of [...chunks.all, ...(chunks.byPath[path] ?? []), ...byPrefix]) preload(href);
  } catch {
    /* no list (the dev server): main.tsx loads the chunks */
  }
  for (const { path, query, anonymous } of warmGets(window.location.pathname))
    startEarlyGet(apiUrl(API_PATH, path, query), anonymous ? undefined : session.idToken, session.clientId);
}
