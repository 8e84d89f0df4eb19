import { useEffect } from 'react';
import { ROUTE_FOCUS_WAIT_MS } from '../lib/useRouteFocus';

/** The attribute a section puts on each part a link may point at (`?subSection=` names it). */
export const SUB_SECTION_ATTRIBUTE = 'data-sub-section';

/** Props that make an element a `?subSection=` target. */
export const subSectionTarget = (name: string | number) => ({ [SUB_SECTION_ATTRIBUTE]: String(name) });

/** The element marked with this name (compared as text: a name may hold any character). */
const targetOf = (name: string): HTMLElement | undefined =>
  [...document.querySelectorAll<HTMLElement>(`[${SUB_SECTION_ATTRIBUTE}]`)].find(
    (e) => e.getAttribute(SUB_SECTION_ATTRIBUTE) === name,
  );

/**
 * `?subSection=` of the application details page (core §2): once the section has drawn the part it
 * names (an RFI round, a document container, a participant, the "What you need to do" panel), the
 * page scrolls to it and focuses it — so a link in an email or a notification lands on the thing
 * itself. A name the section does not have leaves the page at its top. Waits for the section's data
 * up to the route-focus limit.
 */
export function useSubSection(section: string, subSection: string | undefined): void {
  useEffect(() => {
    if (!subSection) return;
    const tryFocus = (): boolean => {
      const target = targetOf(subSection);
      if (!target) return false;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.scrollIntoView?.({ block: 'start' });
      target.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), ROUTE_FOCUS_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [section, subSection]);
}
