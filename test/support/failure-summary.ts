/**
 * One line for a failed test's error, for the closing summary of `npm test` (test/run-all.ts): the
 * error's first line, then what the assertion compared — the locator, the expected and received
 * values, a timeout, and the changed lines of a diff — so that CI's tail says what was seen, not only
 * "expect(received).toEqual(expected)". Reads Vitest's failure messages and Playwright's error
 * messages (ANSI colours removed); the call log, the code snippet and the stack are left out.
 */

// eslint-disable-next-line no-control-regex -- the escape sequences of terminal colours
const ANSI = /\u001b\[[0-9;]*m/g;

/** A labelled line of an assertion's message: `Expected: 200`, `Received string: "x"`, `Locator: …`. */
const LABELLED = /^(Locator|Expected|Received|Timeout|Error)(?: [a-z]+)?:\s/;
/** The header of a diff: `- Expected  - 1`, `+ Received  + 0` (Vitest and Playwright alike). */
const DIFF_HEADER = /^[-+] (Expected|Received)\b/;
/** Where the part worth printing ends: the call log, a code snippet (`  98 |`), the stack. */
const END = /^(Call log:|>?\s*\d+ \||at |Error Context:)/;

/** How many lines of a diff are kept (each changed line counts). */
const MAX_DIFF_LINES = 8;

export function failureSummary(message: string | undefined): string {
  const lines = String(message ?? '')
    .replace(ANSI, '')
    .split('\n');
  const firstAt = lines.findIndex((l) => l.trim());
  if (firstAt < 0) return '';
  const first = lines[firstAt]!.trim();
  const labelled: string[] = [];
  const diff: string[] = [];
  let diffLines = 0;
  for (const raw of lines.slice(firstAt + 1)) {
    const line = raw.trim();
    if (END.test(line)) break;
    if (!line || DIFF_HEADER.test(line)) continue;
    if (LABELLED.test(line)) labelled.push(line.replace(/\s+/g, ' '));
    else if (/^[-+]/.test(line) && ++diffLines <= MAX_DIFF_LINES) diff.push(line.replace(/\s+/g, ' '));
  }
  if (diffLines > MAX_DIFF_LINES) diff.push(`… ${diffLines - MAX_DIFF_LINES} more`);
  const details = [...labelled];
  if (diff.length) details.push(`diff (- expected, + received): ${diff.join(' ')}`);
  return details.length ? `${first} — ${details.join('; ')}` : first;
}
