import { Fragment, type ReactNode } from 'react';
import styles from './token.module.css';

/**
 * A token that never breaks across lines (docs/features.md; docs/content-guide.md "On a phone"):
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

/** An application or consent number ("BLD-2026-00011", "WCC-BC-2026-1000011") or an amount ("$1,265.00"). */
const TOKENS = /([A-Z]{2,}(?:-[A-Z]{2,})*-\d{4}-\d+(?:-\d+)?|\$\d[\d,]*\.\d{2})/;

/**
 * A sentence that arrives as one string (a notification's title, written by the server) with its
 * numbers and amounts each in a `Token`, so that a phone breaks it between words only.
 */
export function WholeTokens({ text }: { text: string }) {
  return (
    <>
      {text
        .split(TOKENS)
        .map((part, i) =>
          i % 2 === 1 ? <Token key={i}>{part}</Token> : part ? <Fragment key={i}>{part}</Fragment> : null,
        )}
    </>
  );
}
