/**
 * The council feed across a restart of the stack (docs/council-api.md: "The outbound feed delivers
 * every event at least once and in order across a restart of the stack"; docs/council-api.md §5):
 * on a stack of its own, applications lodged by the demo applicant's real submission before a stop,
 * some still settling when it stops, and after the restart; the council reading on from the cursor
 * it kept gets every event once, in order, and a read from the start gives the same events with
 * the same ids. Entries settle for FEED_SETTLE_SECONDS (20 s) before the feed hands them out, so each
 * read waits for them.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/index';
import { councilApiClient } from '../../infra/council/client';
import type { CouncilEvent } from '../../shared/schemas/council';
import { signIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';
import type { StackOutputs } from '../support/outputs';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'council-feed-restart-test');
const portBase = (Number(process.env.PORT_BASE) || 4100) + 320;
const start = (reset: boolean) =>
  startLocalStack({ dataDir, portBase, reset, webMode: 'none', quiet: true, handleSignals: false });

let stack: LocalStack | undefined;
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function lodge(o: StackOutputs, street: string): Promise<string> {
  const [applicant] = o.DemoUsers;
  const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
  return submittedApplication(
    token,
    'wcc',
    { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    o,
  );
}

/** An event as [type, the application or invitation it is about]. */
const about = (e: CouncilEvent) => [e.type, 'applicationId' in e ? e.applicationId : e.invitationId];

/** Reads the feed from `after` until `count` events have come (they settle for 20 s first). */
async function readFeed(o: StackOutputs, after: string, count: number) {
  const council = councilApiClient(councilCredentials('wcc', o));
  const events: CouncilEvent[] = [];
  let cursor = after;
  await waitFor(
    `${count} events after "${after}"`,
    async () => {
      const page = await council.events({ after: cursor, limit: 100 });
      events.push(...page.events);
      cursor = page.cursor;
      return events.length >= count;
    },
    { timeoutMs: 90_000, intervalMs: 1_000 },
  );
  return { events, cursor };
}

describe('the council feed across a restart', { timeout: 300_000 }, () => {
  test('every event once, in order, from the kept cursor; the same ids from the start', async () => {
    stack = await start(true);
    let o = stack.outputs as unknown as StackOutputs;
    const first = [await lodge(o, '1 Before Street'), await lodge(o, '2 Before Street')];
    const settled = await readFeed(o, '', 2);
    expect(settled.events.map(about)).toEqual(first.map((id) => ['ApplicationSubmitted', id]));

    // Lodged just before the stop: still settling when the stack goes down.
    const pending = [await lodge(o, '3 Pending Street'), await lodge(o, '4 Pending Street')];
    await stack.stop();
    stack = await start(false);
    o = stack.outputs as unknown as StackOutputs;
    const after = [await lodge(o, '5 After Street')];

    const next = await readFeed(o, settled.cursor, 3);
    expect(next.events.map(about)).toEqual([...pending, ...after].map((id) => ['ApplicationSubmitted', id]));
    const times = next.events.map((e) => e.occurredAt);
    expect([...times].sort()).toEqual(times);

    // From the start: the same five events, the same ids, in the same order; nothing after them.
    const all = await readFeed(o, '', 5);
    expect(all.events.map((e) => e.eventId)).toEqual(
      [...settled.events, ...next.events].map((e) => e.eventId),
    );
    const council = councilApiClient(councilCredentials('wcc', o));
    expect((await council.events({ after: all.cursor })).events).toEqual([]);
  });
});
