import { afterEach } from 'vitest';

/**
 * A setup file of the unit project (vitest.config.ts): the web's response check
 * (web/src/api/response-check.ts) throws when an answer does not match its route's contract, and
 * notes the mismatch here. A page that catches the error (a query shown as failed, a card left out)
 * would hide it, so a test during which any answer did not match fails after it: every fake answer
 * is one the server could send (docs/architecture.md "One contract for both sides").
 *
 * The key is response-check's MISMATCHES (Symbol.for), not imported: importing it would load every
 * contract into every unit test file, web or not.
 */
const noted: string[] = [];
(globalThis as Record<symbol, unknown>)[Symbol.for('consent-portal.contract-mismatches')] = noted;

afterEach(() => {
  const mismatches = noted.splice(0);
  if (mismatches.length > 0)
    throw new Error(`A fake answer does not match its route's contract:\n${mismatches.join('\n')}`);
});
