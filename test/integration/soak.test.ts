/**
 * The short soak (docs/reliability.md "Soak"): 4 applicants for 1.5 minutes of journeys on a local
 * stack of its own (the automatic council on, wcc's webhook failing a share of deliveries, ccc
 * reading its feed), with two faults at random moments — DynamoDB Local stopped for 10 s and wcc's
 * webhook receiver down for 20 s (test/support/faults.ts) — then every invariant of
 * test/support/soak/invariants.ts must hold. A journey may fail at a step a fault met (a 5xx inside
 * its window); the others reach their consent with their invoices paid. `npm run bench -- soak` is
 * the long one (50 applicants, 15 minutes, more faults).
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { startLocalStack } from '../../infra/local/index';
import { dynamoDown } from '../support/faults';
import { printSoak, runSoak, soakFault, webhookDown, type SoakFault } from '../support/soak/driver';

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

// SOAK_FAULTS=0: none (to compare its time with and without them).
const faults: SoakFault[] =
  process.env.SOAK_FAULTS === '0'
    ? []
    : [soakFault((ctx) => dynamoDown(ctx.stack, { seconds: 10 })), webhookDown(20)];

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
};

describe('the short soak', () => {
  test(
    '4 applicants for 1.5 minutes with DynamoDB down 10 s and the webhook receiver down 20 s: every invariant holds',
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
      expect(result.faultWindows.map((w) => w.name)).toEqual(
        faults.length ? ['dynamodb-down-10s', 'webhook-down-20s'] : [],
      );
      // Only the table's outage fails a journey, one per applicant at most: its step answered 5xx, or
      // it waited for what an event dead-lettered in the outage brings (a mail), which the redrive
      // after the traffic delivers.
      const failed = result.journeys.filter((j) => !j.ok);
      expect(failed.length).toBeLessThanOrEqual(faults.length ? 4 : 0);
      for (const j of failed) expect(j.failure).toMatch(/(: |→ )5\d\d\b|timed out waiting for/);
      expect(result.journeys.filter((j) => j.ok).length).toBeGreaterThanOrEqual(4);
      // No gateway fault here: every paid session was settled by its notification (sent again after
      // a 503 while the table was down) or its payer's return, none left to the catch-up.
      expect(result.catchUp.settled).toBe(0);
      expect(result.invariants.filter((i) => !i.held)).toEqual([]);
    },
  );
});
