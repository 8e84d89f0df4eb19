/**
 * The short soak (docs/reliability.md "Soak"): 4 applicants for 1.5 minutes of journeys on a local
 * stack of its own (the automatic council on, wcc's webhook failing a share of deliveries, ccc
 * reading its feed), then every invariant of test/support/soak/invariants.ts must hold and every
 * journey must have reached its consent with its invoices paid. `npm run bench -- soak` is the long
 * one (50 applicants, 15 minutes).
 *
 * Faults: the driver takes `faults` (test/support/soak/driver.ts SoakFault); the two this soak is to
 * run come from test/support/faults.ts, which is not in the tree yet — none are injected here.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { startLocalStack } from '../../infra/local/index';
import { printSoak, runSoak, type SoakFault } from '../support/soak/driver';

const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'soak-test');
const stack = await startLocalStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 370,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const faults: SoakFault[] = [];

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
};

describe('the short soak', () => {
  test(
    '4 applicants for 1.5 minutes: every journey reaches its consent and every invariant holds',
    { timeout: 600_000 },
    async () => {
      const result = await runSoak(stack, {
        applicants: 4,
        minutes: 1.5,
        drainMs: 120_000,
        waitMs: 120_000,
        councilStepMs: 1_000,
        faults,
        log: (line) => console.log(line),
      });
      printSoak(result, table);
      expect(result.journeys.length).toBeGreaterThanOrEqual(4);
      if (faults.length === 0) expect(result.journeys.filter((j) => !j.ok).map((j) => j.failure)).toEqual([]);
      expect(result.invariants.filter((i) => !i.held)).toEqual([]);
    },
  );
});
