import type { MouseEvent, ReactNode } from 'react';
import styles from './topBar.module.css';

/**
 * The signed-in top bar: the portal's logo and name linking home, then `children` (the shell's
 * utilities). Strings come as props so the frame drawn while the signed-in app loads can use it from
 * the entry, before i18next (app/SignedInLoading.tsx).
 */
export function TopBar({
  label,
  homeLabel,
  name,
  onHome,
  children,
}: {
  label: string;
  homeLabel: string;
  name: string;
  onHome?: (event: MouseEvent<HTMLAnchorElement>) => void;
  children?: ReactNode;
}) {
  return (
    <header id="top-nav" className={styles.topNav} aria-label={label}>
      <a href="/" className={styles.identity} aria-label={homeLabel} onClick={onHome}>
        <img src="/logo.svg" alt="" width={32} height={32} className={styles.logo} />
        <span className={styles.title}>{name}</span>
      </a>
      {children}
    </header>
  );
}

/** The signed-in frame around the top bar and the page (a full-height column). */
export const frameClass = styles.shell;
