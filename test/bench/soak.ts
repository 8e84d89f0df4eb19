/**
 * The soak (`npm run bench -- soak`, docs/reliability.md "Soak"): SOAK_APPLICANTS simulated
 * applicants (default 50) for SOAK_MINUTES (default 15) on a local stack of its own with the
 * automatic council on, then the invariants (test/support/soak/). It prints throughput, p50/p99 per
 * route group and per route, errors by status, the journeys' failures and each invariant with its
 * count; the exit code is 1 when one is broken. Traffic goes to 127.0.0.1 only; it stops by itself
 * (the duration, then at most SOAK_DRAIN_MINUTES, default 5, for the journeys under way).
 *
 * Faults at random moments (SOAK_FAULTS=0 for none), each recoverable and checked for it
 * (docs/reliability.md "Soak"): DynamoDB Local stopped for 10 s, the card gateway answering 500s
 * without notifying for 30 s, wcc's webhook receiver answering 503 for two minutes, the whole stack
 * restarted once on the same data directory, the Lambda stand-in killed mid-merge and
 * mid-extraction, and the scheduler's clock jumped past an access request's expiry
 * (test/support/faults.ts; test/support/soak/faults.ts).
 */
import type { HeldStack } from '../support/faults';
import { dynamoDown, gatewayFailing } from '../support/faults';
import { printSoak, runSoak, soakFault, webhookDown, type SoakFault } from '../support/soak/driver';
import { accessRequestClockJump, extractionKilled, mergeKilled, restartFault } from '../support/soak/faults';

/** Before the stack starts: the captcha's work factor of the test stacks (test/with-stack.ts). */
export function soakStackEnv(): void {
  process.env.CAPTCHA_COST ??= '1000';
}

export async function soakBench(stack: HeldStack, h: { table: (rows: string[][]) => void }): Promise<void> {
  const faults: SoakFault[] =
    process.env.SOAK_FAULTS === '0'
      ? []
      : [
          soakFault((ctx) => dynamoDown(ctx.stack, { seconds: 10 })),
          soakFault((ctx) => gatewayFailing(ctx.stack, { seconds: 30 })),
          webhookDown(120),
          restartFault(stack),
          mergeKilled(),
          extractionKilled(),
          accessRequestClockJump(),
        ];
  const result = await runSoak(stack, {
    faults,
    applicants: Number(process.env.SOAK_APPLICANTS) || 50,
    minutes: Number(process.env.SOAK_MINUTES) || 15,
    drainMs: (Number(process.env.SOAK_DRAIN_MINUTES) || 5) * 60_000,
    log: (line) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`),
  });
  printSoak(result, h.table);
  if (!result.invariants.every((i) => i.held)) process.exitCode = 1;
}
