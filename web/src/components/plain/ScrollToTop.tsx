import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_AFTER_PX } from '../../lib/constants';
import { PlainIcon } from './PlainIcon';
import styles from './scrollToTop.module.css';

/**
 * "Back to top": shown once the page is scrolled more than 400 px (core §9), fixed at the bottom
 * right. It scrolls to the top (smoothly unless the person asked for reduced motion) and moves focus
 * to the page's heading, so a keyboard or screen-reader user goes back up too.
 */
export function ScrollToTop({ label }: { label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!shown) return null;
  const toTop = () => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  };
  return (
    <button type="button" className={styles.toTop} onClick={toTop}>
      <PlainIcon name="angle-up" />
      <span>{label}</span>
    </button>
  );
}
