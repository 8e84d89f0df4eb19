import { useEffect } from 'react';

/** Removes `aria-orientation` from the navigation landmarks under `root`. */
export function stripNavOrientation(root: ParentNode): void {
  for (const nav of root.querySelectorAll('nav[aria-orientation]')) nav.removeAttribute('aria-orientation');
}

/**
 * At phone width Cloudscape's AppLayout (visual refresh) puts its navigation toggle in a
 * `<nav aria-orientation="horizontal">`. A navigation landmark takes no aria-orientation (ARIA 1.2;
 * axe aria-allowed-attr, WCAG 4.1.2), so the shell takes it off whenever such a nav appears.
 */
export function useNavLandmarkAria(): void {
  useEffect(() => {
    stripNavOrientation(document);
    const observer = new MutationObserver(() => stripNavOrientation(document));
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-orientation'],
    });
    return () => observer.disconnect();
  }, []);
}
