/**
 * The soak (docs/reliability.md "Soak"): sustained mixed traffic on a local stack, bounded in time
 * and count, then the invariants. Used by `npm run bench -- soak` (test/bench/soak.ts) and the
 * integration layer's short soak (test/integration/soak.test.ts), each on a stack of its own.
 *
 * - The automatic council (infra/council/auto.ts) on both authorities lodged with, wcc and ccc, a
 *   step every `councilStepMs`; an RFI round on the applications it picks.
 * - `applicants` simulated applicants (./applicant.ts), each running journeys one after another
 *   until `minutes` have passed (or `maxJourneys` each); journeys under way then finish, up to
 *   `drainMs`, and stop at their next wait after that.
 * - wcc's webhook registered to a receiver on 127.0.0.1 that answers 503 to a share of deliveries
 *   (`webhookFailShare`, each delivery drawn); ccc, the second council, reads its feed every 2 s.
 * - `faults`: functions that break something and return its window ({name, start, end}, epoch ms;
 *   each called once at a random moment between 15 % and 70 % of the duration, with the soak's
 *   context): 5xx within a window are expected, none after. test/support/faults.ts is where they live.
 * - Every request the soak makes is recorded (./requests.ts): throughput, p50/p99 per route group,
 *   errors by status.
 *
 * At the end: the events settle (test/support/events.ts), the feed reader reads past the feed's
 * settle time, the webhook has every event of wcc's feed at least once, then checkInvariants
 * (./invariants.ts) and that delivery check.
 */
import { cpus, loadavg } from 'node:os';
import type { LocalStack } from '../../../infra/local/index';
import { councilApiClient, type CouncilApiClient } from '../../../infra/council/client';
import { startAutoCouncil } from '../../../infra/council/auto';
import { inTurns } from '../../../infra/council/in-turns';
import { FEED_SETTLE_SECONDS } from '../../../shared/domain/council';
import type { CouncilEvent } from '../../../shared/schemas/council';
import { api } from '../accounts';
import { councilCredentials } from '../council';
import { eventsSettled } from '../events';
import type { StackOutputs } from '../outputs';
import { waitFor } from '../wait';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver';
import {
  journey,
  newApplicant,
  Outbox,
  type Applicant,
  type JourneyResult,
  type SoakAuthority,
} from './applicant';
import {
  checkInvariants,
  countItems,
  deadLetterInvariants,
  eventLags,
  formatInvariants,
  type FaultWindow,
  type Invariant,
} from './invariants';
import { errorsBy, latencyBy, RequestLog, type RecordedRequest } from './requests';
import { percentile } from '../../bench/stats';
import { currentStack, type Fault, type StackRef } from '../faults';

/** What a fault is given: the stack and the parts of the soak it may break. */
export interface SoakContext {
  /** The stack (a HeldStack when a fault may restart it). */
  stack: StackRef;
  /** The stack running now. */
  live(): LocalStack;
  outputs: StackOutputs;
  /** wcc's webhook receiver; `setDown(true)` makes it answer 503 to everything until `setDown(false)`. */
  webhook: { receiver: WebhookReceiver; setDown(down: boolean): void };
  log: (line: string) => void;
}

/** Breaks something, waits for its recovery, and answers the window during which 5xx are expected. */
export type SoakFault = (ctx: SoakContext) => Promise<FaultWindow>;

/** A fault of test/support/faults.ts as the soak runs it: its window in epoch milliseconds. */
export const soakFault =
  (make: (ctx: SoakContext) => Fault): SoakFault =>
  async (ctx) => {
    const window = await make(ctx).run();
    ctx.log(
      `fault ${window.name}: ${window.start.toISOString()} → ${window.end.toISOString()}${window.detail ? ` (${window.detail})` : ''}`,
    );
    return {
      name: window.name,
      start: window.start.getTime(),
      end: window.end.getTime(),
      ...(window.detail ? { detail: window.detail } : {}),
    };
  };

/** wcc's webhook receiver answering 503 to everything for `seconds`, then itself again. */
export const webhookDown =
  (seconds: number): SoakFault =>
  async (ctx) => {
    const start = Date.now();
    ctx.webhook.setDown(true);
    try {
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    } finally {
      ctx.webhook.setDown(false);
    }
    return { name: `webhook-down-${seconds}s`, start, end: Date.now() };
  };

export interface SoakOptions {
  applicants: number;
  minutes: number;
  /** Journeys per applicant at most (default 1,000: the duration bounds it first). */
  maxJourneys?: number;
  /** How long journeys under way may run on after the duration (default 5 min). */
  drainMs?: number;
  /** Longest wait for the council at one point of a journey (default 5 min). */
  waitMs?: number;
  /** The automatic council's pause between two steps on one application (default 2 s). */
  councilStepMs?: number;
  /** How long the events may take to settle after the traffic (default 10 min). */
  settleMs?: number;
  /** The share of webhook deliveries the receiver fails (default 0.2). */
  webhookFailShare?: number;
  faults?: readonly SoakFault[];
  /** Seed of the random draws (fault moments, webhook failures). */
  seed?: number;
  log?: (line: string) => void;
}

export interface SoakResult {
  applicants: number;
  minutes: number;
  journeys: JourneyResult[];
  requests: RecordedRequest[];
  /** The traffic's wall time (registration to the last journey), ms. */
  trafficMs: number;
  /** This process's CPU (user + system) over the traffic, ms: the stack runs in it too. */
  cpuMs: number;
  loadBefore: number[];
  loadAfter: number[];
  faultWindows: FaultWindow[];
  /** The payments catch-up run after the traffic, its clock past the 10 minutes: what it did. */
  catchUp: CatchUpCounts;
  webhook: { delivered: number; failedByReceiver: number };
  feedEventsRead: number;
  items: Record<string, number>;
  /** Each consumer's lag, the event's commit → the consumer done (ms). */
  eventLag: { n: number; p50: number; p99: number; max: number };
  invariants: Invariant[];
}

/** A small seeded PRNG (mulberry32): the same seed, the same draws. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reads a council's feed from the start, every `everyMs`, until stopped; what it read, in order. */
function feedReader(council: CouncilApiClient, everyMs: number, log: (l: string) => void) {
  const events: CouncilEvent[] = [];
  let cursor = '';
  let stopped = false;
  const readAll = async () => {
    for (;;) {
      const page = await council.events(cursor ? { after: cursor } : {});
      events.push(...page.events);
      cursor = page.cursor;
      if (page.events.length === 0) return;
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await readAll().catch((e: unknown) => log(`feed reader: ${String(e)}`));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    events,
    readAll,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

type CatchUpCounts = { asked: number; settled: number; abandoned: number; failed: number };

/**
 * The payments catch-up job through its scheduled target (functions/payments/scheduled.ts), as the
 * recurring rule invokes it, with its clock a minute past CATCH_UP_AFTER_MS from now: every card
 * session still Pending is asked about. Imported here, after the stack has set the functions' env.
 */
async function catchUpLater(log: (line: string) => void): Promise<CatchUpCounts> {
  const [{ runJob }, { CATCH_UP_AFTER_MS }, { recurringJobs }] = await Promise.all([
    import('../../../functions/payments/scheduled'),
    import('../../../functions/payments/service/payments'),
    import('../../../functions/platform/recurring-jobs'),
  ]);
  const payload = recurringJobs.find((j) => j.name === 'payments-catch-up')!.payload;
  const later = () => new Date(Date.now() + CATCH_UP_AFTER_MS + 60_000);
  const run = await runJob(payload, { now: later });
  const counts =
    run.outcome === 'Done'
      ? { asked: run.asked, settled: run.settled, abandoned: run.abandoned, failed: run.failed }
      : { asked: 0, settled: 0, abandoned: 0, failed: 0 };
  log(
    `soak: payments catch-up (clock +${(CATCH_UP_AFTER_MS + 60_000) / 60_000} min): ${JSON.stringify(counts)}`,
  );
  return counts;
}

export async function runSoak(stack: StackRef, options: SoakOptions): Promise<SoakResult> {
  const live = () => currentStack(stack);
  // The same across a restart (same data directory and ports).
  const o = live().outputs as unknown as StackOutputs;
  const log = options.log ?? (() => {});
  const random = prng(options.seed ?? 20261130);
  const requests = new RequestLog(live().outputs);
  const councils: Record<SoakAuthority, CouncilApiClient> = {
    wcc: councilApiClient(councilCredentials('wcc', o)),
    ccc: councilApiClient(councilCredentials('ccc', o)),
  };

  // wcc's webhook: a receiver that fails a share of deliveries (each drawn), or all while "down".
  let down = false;
  const share = options.webhookFailShare ?? 0.2;
  const receiver = await startWebhookReceiver({
    onRequest: () => {
      if (!down) receiver.failNext(random() < share ? 1 : 0);
    },
  });
  const registered = await requests.run(() => councils.wcc.registerWebhook({ url: receiver.url }));
  receiver.setSecrets([registered.signingSecret!]);
  const ctx: SoakContext = {
    stack,
    live,
    outputs: o,
    webhook: {
      receiver,
      setDown: (d) => {
        down = d;
        receiver.failNext(d ? Number.POSITIVE_INFINITY : 0);
      },
    },
    log,
  };

  const loadBefore = loadavg();
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  const durationMs = options.minutes * 60_000;
  const drainMs = options.drainMs ?? 5 * 60_000;
  const stepMs = options.councilStepMs ?? 2_000;
  // A tick reads every open application whole (infra/council/auto.ts): those whose journey is over
  // (granted, paid) are left out, or the council's reads would grow with every journey run.
  const finished = new Set<string>();
  const autos = (['wcc', 'ccc'] as const).map((authorityId) =>
    requests.run(async () =>
      startAutoCouncil({
        council: councils[authorityId],
        authorityId,
        stepMs,
        intervalMs: Math.max(1_000, stepMs / 2),
        select: (id) => !finished.has(id),
        log: (line) => {
          if (line.includes('refused') || line.includes('Error')) log(line);
        },
      }),
    ),
  );
  const reader = await requests.run(async () => feedReader(councils.ccc, 2_000, log));

  log(`soak: registering ${options.applicants} applicants`);
  const applicants: Applicant[] = await requests.run(() =>
    inTurns(
      Array.from({ length: options.applicants }, (_, i) => i),
      4,
      (i) => newApplicant(i, o),
    ),
  );
  const deadline = Date.now() + durationMs;
  const drainDeadline = deadline + drainMs;
  const world = {
    o,
    councils,
    outbox: new Outbox(String(o.MailOutboxDir)),
    applicants,
    waitMs: options.waitMs ?? 5 * 60_000,
    stopping: () => Date.now() > drainDeadline,
  };

  // The faults, each at its random moment: a hook (test/support/faults.ts provides them).
  const faultRuns = (options.faults ?? []).map(async (fault) => {
    const at = Date.now() + durationMs * (0.15 + random() * 0.55);
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    // A fault whose own work failed (it met another fault) is counted as not recovered, not thrown.
    const started = Date.now();
    const window = await fault(ctx).catch((e: unknown): FaultWindow => ({
      name: 'fault',
      start: started,
      end: Date.now(),
      recovered: false,
      detail: `threw: ${e instanceof Error ? e.message : String(e)}`,
    }));
    log(
      `soak: fault ${window.name} ${new Date(window.start).toISOString()} → ${new Date(window.end).toISOString()}`,
    );
    return window;
  });

  log(`soak: ${applicants.length} applicants for ${options.minutes} min`);
  const maxJourneys = options.maxJourneys ?? 1_000;
  const journeys: JourneyResult[] = [];
  let lastProgress = Date.now();
  await requests.run(() =>
    Promise.all(
      applicants.map(async (a) => {
        for (let n = 0; n < maxJourneys && Date.now() < deadline; n++) {
          const r = await journey(world, a, n);
          journeys.push(r);
          if (r.ok && r.applicationId) finished.add(r.applicationId);
          if (!r.ok) {
            log(`soak: journey ${a.index}/${n} (${r.applicationId ?? '-'}) failed at ${r.failure}`);
            // As a person would: the next journey once the portal answers again (a journey failing at
            // once, in an outage, would otherwise start thousands).
            await waitFor(
              'the portal to answer again',
              async () =>
                (await api('GET', '/user', undefined, { token: a.token, outputs: o })).status === 200,
              { timeoutMs: 120_000, intervalMs: 1000 },
            ).catch(() => undefined);
          }
          if (Date.now() - lastProgress > 60_000) {
            lastProgress = Date.now();
            log(`soak: ${journeys.length} journeys, ${requests.requests.length} requests`);
          }
        }
      }),
    ),
  );
  const faultWindows = await Promise.all(faultRuns);
  const trafficMs = Date.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const loadAfter = loadavg();
  for (const a of await Promise.all(autos)) await a.stop();

  // The payments catch-up as its 5-minute rule runs it once its 10 minutes have passed (the soak is
  // shorter than that): its own scheduled target, its clock moved on. A card session that neither a
  // notification nor the payer's return could settle (a fault met both) is settled by it, once; the
  // invariants then check that none is left Pending (docs/payments.md "The flow in the portal").
  const catchUp = await catchUpLater(log);

  // Settle: every event handled, the feed read past its settle time, every wcc event delivered.
  // The local stream poller can be minutes behind after a loaded run: a backlog still there after
  // `settleMs` is reported as an invariant broken, not thrown (the figures still print).
  log('soak: settling');
  const settleStart = Date.now();
  const settleFor = async () =>
    eventsSettled(o, options.settleMs ?? 600_000).then(
      () => '',
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
  let settled = await settleFor();
  // The scans still running or waiting for their retry (the S3 stand-in's asynchronous invoke).
  await live().s3.idle();
  // What the faults dead-lettered, each with its cause, and the operator's redrive of it once the
  // faults are over (docs/operations.md "Dead letters"); what the redrive delivered settles too.
  const letterInvariants = await deadLetterInvariants(live().outputs);
  if (letterInvariants[0]!.count > 0 && !settled) settled = await settleFor();
  const settleMs = Date.now() - settleStart;
  // The feed serves an entry once it is FEED_SETTLE_SECONDS old (docs/council-api.md): the reader
  // reads on until ccc's newest entry is past that, rather than a whole settle time after the events
  // settled. An entry is written in its change's transaction, and every change is over by now.
  const { entities } = await import('../../../functions/platform/data/service');
  const cccFeed = (
    await entities.councilFeedEntry.query.byAuthority({ authorityId: 'ccc' }).go({ pages: 'all' })
  ).data;
  const newest = Math.max(0, ...cccFeed.map((e) => Date.parse(e.occurredAt)));
  const readable = newest + (FEED_SETTLE_SECONDS + 1) * 1000;
  const feedWait = Math.max(0, readable - Date.now());
  log(`soak: the feed's newest entry readable in ${(feedWait / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, feedWait));
  await reader.stop();
  await requests.run(() => reader.readAll());
  const wccFeed = (
    await entities.councilFeedEntry.query.byAuthority({ authorityId: 'wcc' }).go({ pages: 'all' })
  ).data;
  const delivered = () => new Set(receiver.accepted().map((e) => e.eventId));
  await waitFor(
    'every wcc event delivered to its webhook',
    () => wccFeed.every((e) => delivered().has(e.eventId)),
    { timeoutMs: 120_000, intervalMs: 500 },
  ).catch(() => undefined);
  const missing = wccFeed.filter((e) => !delivered().has(e.eventId)).map((e) => `${e.type} ${e.eventId}`);

  const lags = await eventLags(live().outputs);
  // The dead letters as they were before the redrive above (the file is empty now).
  const letterNames = new Set(letterInvariants.map((i) => i.name));
  const invariants = (
    await checkInvariants(live(), {
      requests: requests.requests,
      faultWindows,
      feedRead: new Map([['ccc', reader.events]]),
      redrive: false,
    })
  ).flatMap((i) => (letterNames.has(i.name) ? [] : [i]));
  invariants.splice(
    invariants.findIndex((i) => i.name.startsWith('badges')),
    0,
    ...letterInvariants,
  );
  invariants.unshift({
    name: 'every event handled by its consumers (or dead-lettered)',
    held: settled === '',
    count: lags.length,
    detail: settled || `settled ${(settleMs / 1000).toFixed(0)} s after the traffic`,
  });
  const unrecovered = faultWindows.filter((w) => w.recovered === false);
  if (faultWindows.length)
    invariants.push({
      name: 'every fault recovered from (the work it met came back)',
      held: unrecovered.length === 0,
      count: faultWindows.length,
      detail: unrecovered.map((w) => `${w.name}: ${w.detail ?? 'not recovered'}`).join('; '),
    });
  invariants.push({
    name: "every event of wcc's feed delivered to its webhook at least once",
    held: missing.length === 0,
    count: wccFeed.length,
    detail: missing.length ? `${missing.length} missing: ${missing.slice(0, 5).join('; ')}` : '',
  });
  const items = await countItems(live().outputs);
  await requests.run(() => councils.wcc.removeWebhook()).catch(() => undefined);
  await receiver.close();
  return {
    applicants: applicants.length,
    minutes: options.minutes,
    journeys,
    requests: requests.requests,
    trafficMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    loadBefore,
    loadAfter,
    faultWindows,
    catchUp,
    webhook: {
      delivered: receiver.requests.filter((r) => r.status < 300).length,
      failedByReceiver: receiver.requests.filter((r) => r.status === 503).length,
    },
    feedEventsRead: reader.events.length,
    items,
    eventLag: {
      n: lags.length,
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      max: lags.at(-1) ?? NaN,
    },
    invariants,
  };
}

type Table = (rows: string[][]) => void;
const ms = (n: number) => n.toFixed(0);

/** The soak's figures: load, throughput, latency per route group and route, errors, invariants. */
export function printSoak(r: SoakResult, table: Table, print: (line: string) => void = console.log): void {
  const ok = r.journeys.filter((j) => j.ok);
  const answered = r.requests.filter((q) => q.status !== 0).length;
  const seconds = r.trafficMs / 1000;
  const sum = (f: (j: JourneyResult) => number) => r.journeys.reduce((n, j) => n + f(j), 0);
  print(
    `\nSoak: ${r.applicants} applicants, ${r.minutes} min of journeys (${(seconds / 60).toFixed(1)} min of traffic); ` +
      `${cpus().length} cores, load average ${r.loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ` +
      `${r.loadAfter.map((l) => l.toFixed(1)).join(' ')} after; CPU of the process (stack + soak) ${(r.cpuMs / 1000).toFixed(0)} s`,
  );
  print(
    `Journeys: ${r.journeys.length} started, ${ok.length} completed (${(ok.length / (seconds / 60)).toFixed(1)}/min), ` +
      `${r.journeys.length - ok.length} failed; ${sum((j) => j.uploads)} uploads, ${sum((j) => j.cardPayments)} card payments, ` +
      `${sum((j) => j.deposits)} deposits, ${sum((j) => j.payerPayments)} payer payments, ${sum((j) => (j.rfiAnswered ? 1 : 0))} RFI rounds answered`,
  );
  print(
    `Requests: ${r.requests.length} (${(r.requests.length / seconds).toFixed(1)}/s), ${answered} answered; ` +
      `webhook deliveries ${r.webhook.delivered} accepted, ${r.webhook.failedByReceiver} failed by the receiver; ` +
      `${r.feedEventsRead} feed events read by ccc; faults injected: ${r.faultWindows.length}` +
      (r.faultWindows.length ? ` (${r.faultWindows.map((w) => w.name).join(', ')})` : ''),
  );
  for (const w of r.faultWindows)
    print(`  fault ${w.name}: ${((w.end - w.start) / 1000).toFixed(1)} s${w.detail ? ` — ${w.detail}` : ''}`);
  print(
    `Payments catch-up after the traffic (its clock past the 10 minutes): ${r.catchUp.asked} card session(s) ` +
      `still Pending asked about, ${r.catchUp.settled} settled, ${r.catchUp.abandoned} abandoned, ${r.catchUp.failed} failed`,
  );
  print(
    `Table: ${Object.entries(r.items)
      .filter(([k]) =>
        [
          'application',
          'domainEvent',
          'payment',
          'paymentSession',
          'applicationDocument',
          'notification',
          'councilFeedEntry',
        ].includes(k),
      )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  print(
    `Events: ${r.eventLag.n} consumer deliveries, the event's commit → the consumer done p50 ${ms(r.eventLag.p50)} ms, ` +
      `p99 ${ms(r.eventLag.p99)} ms, max ${ms(r.eventLag.max)} ms`,
  );
  print('\nLatency by route group (ms to the response headers)');
  table([
    ['group', 'n', 'p50', 'p99', 'max'],
    ...latencyBy(r.requests, (q) => q.group).map((l) => [
      l.name,
      String(l.n),
      ms(l.p50),
      ms(l.p99),
      ms(l.max),
    ]),
  ]);
  print('\nLatency by route');
  table([
    ['route', 'n', 'p50', 'p99', 'max'],
    ...latencyBy(r.requests, (q) => q.route).map((l) => [
      l.name,
      String(l.n),
      ms(l.p50),
      ms(l.p99),
      ms(l.max),
    ]),
  ]);
  const errors = errorsBy(r.requests);
  print(`\nErrors by status${errors.length ? '' : ': none'}`);
  if (errors.length)
    table([['status', 'route', 'n'], ...errors.map((e) => [String(e.status), e.route, String(e.n)])]);
  // Alike failures together: ids and addresses left out.
  const failures = new Map<string, number>();
  for (const j of r.journeys) {
    if (!j.failure) continue;
    const key = j.failure.replace(/\S*\d{4,}\S*/g, '…').slice(0, 140);
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  if (failures.size) {
    print('\nJourney failures');
    for (const [f, n] of failures) print(`  ×${n} ${f}`);
  }
  print('\nInvariants (count: what was checked)');
  print(formatInvariants(r.invariants));
}
