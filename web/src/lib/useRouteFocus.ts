import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (a lazy route, its data) before we give up. */
export const ROUTE_FOCUS_WAIT_MS = 10_000;

/** What a page wants focused after a page change; else its h1. */
export const ROUTE_FOCUS_SELECTOR = '[data-route-focus]';

/** A page of this document has been shown: the next page is reached by a page change. */
let pageShown = false;

/**
 * Marks a page whose focus target is still to come (drawn in part: its header, then the rest): focus
 * waits for its [data-route-focus] rather than taking the h1 already shown.
 */
export const ROUTE_FOCUS_PENDING = 'data-route-focus-pending';

/** The element focus goes to on a page change: the page's marked target, else its main heading. */
function pageFocusTarget(root: ParentNode = document): HTMLElement | null {
  const marked = root.querySelector<HTMLElement>(ROUTE_FOCUS_SELECTOR);
  if (marked) return marked;
  if (root.querySelector(`[${ROUTE_FOCUS_PENDING}]`)) return null;
  return root.querySelector<HTMLElement>('h1');
}

/**
 * Moves focus to the page's heading once it is shown (WCAG 2.4.3): the heading becomes focusable
 * (tabIndex -1, out of the Tab order) and gets focus, unless focus was moved on purpose meanwhile
 * (an autofocused field, the user). Returns a cancel for the next page change.
 */
export function focusPageHeading(): () => void {
  const from = document.activeElement;
  const moved = () => {
    const now = document.activeElement;
    return now !== null && now !== document.body && now !== from && now.isConnected;
  };
  const tryFocus = (): boolean => {
    if (moved()) return true;
    const target = pageFocusTarget();
    if (!target) return false;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), ROUTE_FOCUS_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * The route-change focus manager of a layout: after a page change (a new path; a change of the query
 * alone, such as a tab or a filter, is not one) focus goes to the new page's heading, so a keyboard
 * or screen-reader user starts at the top of the new page instead of on <body> or on a control of
 * the page they left. The first page of the document keeps the browser's own start. A layout that
 * must not move focus (the signed-out pages, whose tabs are routes) passes `move: false` and only
 * records that a page was shown, so the signed-in layout that follows a sign-in moves focus.
 */
export function useRouteFocus({ move = true }: { move?: boolean } = {}): void {
  const { pathname } = useLocation();
  // The first page's path while it is shown (React's StrictMode runs an effect twice on mount).
  const first = useRef<string | null>(null);
  useEffect(() => {
    if (!pageShown) {
      pageShown = true;
      first.current = pathname;
      return;
    }
    if (first.current === pathname || !move) return;
    first.current = null;
    return focusPageHeading();
  }, [pathname, move]);
}

/** Tests: forget the pages shown. */
export function resetRouteFocus(): void {
  pageShown = false;
}
