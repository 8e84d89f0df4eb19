import type { ReactNode } from 'react';
import styles from './token.module.css';

/**
 * A token that never breaks across lines (issue 36 finding 6; docs/content-guide.md "On a phone"):
 * an application or consent number ("BLD-2026-00006" would otherwise break at its hyphens), an
 * amount, a bank account number — split, it is hard to read and risky to copy.
 */
export function Token({ children }: { children: ReactNode }) {
  return (
    <span className={styles.token} data-token="">
      {children}
    </span>
  );
}
