import { useSyncExternalStore } from 'react';
import { BREAKPOINTS, type Breakpoint } from './constants';

/** The media query for "this breakpoint and wider". */
export function minWidthQuery(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
}

/** True when the viewport is at least as wide as the breakpoint; follows resizes. */
export function useBreakpointUp(breakpoint: Breakpoint): boolean {
  return useMediaQuery(minWidthQuery(breakpoint));
}

/** True while the media query matches; follows resizes (true when rendered without a window). */
export function useMediaQuery(query: string): boolean {
  // No matchMedia (a test's DOM without one): as wide as can be, like the server's answer.
  const supported = typeof window.matchMedia === 'function';
  return useSyncExternalStore(
    (onChange) => {
      if (!supported) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (supported ? window.matchMedia(query).matches : true),
    () => true,
  );
}
