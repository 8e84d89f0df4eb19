/**
 * Browser error reporting waits until the page is interactive: after the load event and the next
 * idle moment it imports lib/rum/start.ts, a chunk of its own, so the first load (the sign-in
 * page's budget) carries only these few lines (docs/browser-errors.md).
 */
type Idle = (callback: () => void) => unknown;

export function afterInteractive(
  run: () => void,
  win: Pick<Window, 'addEventListener'> & { requestIdleCallback?: Idle } = window,
  doc: Pick<Document, 'readyState'> = document,
): void {
  const idle: Idle = win.requestIdleCallback?.bind(win) ?? ((callback) => setTimeout(callback, 1));
  if (doc.readyState === 'complete') idle(run);
  else win.addEventListener('load', () => idle(run), { once: true });
}

/** Starts browser error reporting once the page is interactive (off when config.json has no `rum`). */
export function scheduleBrowserErrors(): void {
  afterInteractive(() => void import('./start').then((m) => m.startBrowserErrors()).catch(() => {}));
}
