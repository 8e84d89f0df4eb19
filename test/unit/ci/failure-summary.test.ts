/**
 * The line `npm test` prints for a failed test in its closing summary (test/support/failure-summary.ts,
 * test/run-all.ts): the error and what its assertion compared, from the messages the runners write.
 */
import { describe, expect, it } from 'vitest';
import { failureSummary } from '../../support/failure-summary';

const esc = '\u001b';

describe('failureSummary', () => {
  it("shows a Playwright toEqual's diff, not only the matcher", () => {
    // As Playwright's JSON report holds it (colours included), from a CI run's documents-large failure.
    const message = [
      `Error: ${esc}[2mexpect(${esc}[22m${esc}[31mreceived${esc}[39m${esc}[2m).${esc}[22mtoEqual${esc}[2m(${esc}[22m${esc}[32mexpected${esc}[39m${esc}[2m) // deep equality${esc}[22m`,
      '',
      `${esc}[32m- Expected  - 1${esc}[39m`,
      `${esc}[31m+ Received  + 0${esc}[39m`,
      '',
      '  Array [',
      `${esc}[32m-   4,${esc}[39m`,
      '    5,',
      '    6,',
      '  ]',
    ].join('\n');
    expect(failureSummary(message)).toBe(
      'Error: expect(received).toEqual(expected) // deep equality — diff (- expected, + received): - 4,',
    );
  });

  it("shows a Playwright locator assertion's locator, expectation, timeout and what was found", () => {
    const message = [
      'Error: expect(locator).toBeVisible() failed',
      '',
      "Locator:  getByRole('heading', { name: 'Documents' })",
      'Expected: visible',
      'Timeout:  15000ms',
      'Error: element(s) not found',
      '',
      'Call log:',
      '  - Expect "toBeVisible" with timeout 15000ms',
      "  - waiting for getByRole('heading', { name: 'Documents' })",
    ].join('\n');
    expect(failureSummary(message)).toBe(
      "Error: expect(locator).toBeVisible() failed — Locator: getByRole('heading', { name: 'Documents' }); " +
        'Expected: visible; Timeout: 15000ms; Error: element(s) not found',
    );
  });

  it('shows expected and received values, and stops at the code snippet', () => {
    const message = [
      'Error: expect(received).toBe(expected) // Object.is equality',
      '',
      'Expected: 200',
      'Received: 409',
      '',
      '  41 |   const res = await page.request.post(url);',
      '> 42 |   expect(res.status()).toBe(200);',
      'Expected: not this',
    ].join('\n');
    expect(failureSummary(message)).toBe(
      'Error: expect(received).toBe(expected) // Object.is equality — Expected: 200; Received: 409',
    );
  });

  it("keeps a Vitest message's first line and its diff, without the stack", () => {
    const message = [
      'AssertionError: expected { status: 409 } to deeply equal { status: 200 }',
      '',
      '- Expected',
      '+ Received',
      '',
      '  {',
      '-   "status": 200,',
      '+   "status": 409,',
      '  }',
      '',
      '    at /repo/test/integration/x.test.ts:10:5',
    ].join('\n');
    expect(failureSummary(message)).toBe(
      'AssertionError: expected { status: 409 } to deeply equal { status: 200 } — ' +
        'diff (- expected, + received): - "status": 200, + "status": 409,',
    );
  });

  it('keeps a long diff to its first changed lines', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `-   ${i},`);
    const out = failureSummary(['Error: x', '', '- Expected  - 12', '+ Received  + 0', ...lines].join('\n'));
    expect(out).toBe(
      'Error: x — diff (- expected, + received): - 0, - 1, - 2, - 3, - 4, - 5, - 6, - 7, … 4 more',
    );
  });

  it('is the first line when nothing was compared, and empty for no message', () => {
    expect(failureSummary('\n  TypeError: x is not a function\n    at f (a.ts:1:1)')).toBe(
      'TypeError: x is not a function',
    );
    expect(failureSummary(undefined)).toBe('');
  });
});
