/**
 * Browser error reporting waits until the page is interactive: after the load event and the next
 * idle moment it imports app/rum/start.ts, a chunk of its own, so the first load (the sign-in
 * page's budget) carries only these few lines (docs/browser-errors.md). The entry is a deferred
 * module script: it always runs before the load event.
 */
export const scheduleBrowserErrors = (start = () => import('./start').then((m) => m.startBrowserErrors())) =>
  // Safari has no requestIdleCallback: a timeout after the load event stands in for it.
  addEventListener('load', () =>
    (window.requestIdleCallback ?? setTimeout)(() => void start().catch(() => {})),
  );
