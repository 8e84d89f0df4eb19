/**
 * What must hold of a local stack after traffic, faults or a restore (docs/reliability.md "Soak"),
 * each checked against the table (one Scan, every page), the stack's dead-letter files and, when the
 * caller has one, its log of requests:
 *
 * - feed: every submitted application of an onboarded council is on that council's feed once per
 *   submission (ApplicationSubmitted entries = the application's ApplicationSubmitted events), and
 *   what a feed reader saw through the council API has each of them once;
 * - council status: the council's lodgement index holds the application's status;
 * - invoices: none settled more than once (approved card or council transactions plus a confirmed
 *   deposit), every Paid one settled exactly once;
 * - card sessions: every Approved session is one transaction on its invoice, none left Pending;
 * - uploads: none left Pending or Uploading;
 * - dead letters: each with its cause, and a redrive (`npx tsx infra/local/redrive.ts`, docs/operations.md)
 *   empties the events' file;
 * - read models: each user's contributions and built summary equal a rebuild from their rows
 *   (the backfill's plan, functions/applications/model/read-model.ts), and each list row carries
 *   its application's list fields;
 * - notifications: one per event and recipient;
 * - 5xx: none outside the fault windows given (a request overlapping a window, or its recovery
 *   grace after it, is excused).
 *
 * `checkInvariants(stack, options)` takes a LocalStack or its outputs; the faults and backup/restore
 * runs call it after their own traffic. The events must have settled first (test/support/events.ts
 * `eventsSettled`).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { rebuildPlan } from '../../../functions/applications/model/read-model';
import { listRowFields } from '../../../functions/applications/model/list-row';
import type { RecordedRequest } from './requests';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface Invariant {
  name: string;
  held: boolean;
  /** How many things were checked (applications, invoices, uploads, …). */
  count: number;
  /** What broke (empty when held), or what was not checked. */
  detail: string;
}

/** An injected fault's window (epoch ms): 5xx inside it (or its grace after) are expected. */
export interface FaultWindow {
  name: string;
  start: number;
  end: number;
  /** What the fault met (test/support/faults.ts `detail`), for the printout. */
  detail?: string;
  /** Whether the work the fault broke came back, where the fault checks it (test/support/soak/faults.ts). */
  recovered?: boolean;
}

/** The stack outputs read here (a LocalStack's `outputs`). */
export interface InvariantOutputs {
  TableName: string;
  DynamoDbEndpoint: string;
  Region: string;
  EventDeadLetterFile: string;
  LambdaDeadLetterFile: string;
  DataDir: string;
  /** The card gateway stand-in: asked about the sessions still Pending. */
  PaymentGatewayUrl?: string;
}

export interface InvariantOptions {
  /** Every request the caller made (RequestLog.requests): the 5xx check; without it, not checked. */
  requests?: readonly RecordedRequest[];
  faultWindows?: readonly FaultWindow[];
  /** Time after a window's end still excused (the first requests after recovery; default 5 s). */
  recoveryGraceMs?: number;
  /** What a council read from its feed through the API, by authority (the soak's feed reader). */
  feedRead?: ReadonlyMap<string, readonly { type: string; applicationId?: string; eventId: string }[]>;
  /** Redrive the events' dead letters and check the file is empty after (default true). */
  redrive?: boolean;
  /**
   * Card sessions the gateway still calls open (pending: the payer left before paying). Such a one
   * is Pending rightly until it expires (30 minutes) and the catch-up settles it Abandoned;
   * checkInvariants asks the gateway about every Pending session.
   */
  openAtGateway?: ReadonlySet<string>;
}

type Item = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Every item of the table, by entity (`__edb_e__`). */
async function scanTable(o: InvariantOutputs): Promise<Map<string, Item[]>> {
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: o.DynamoDbEndpoint,
      region: o.Region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const by = new Map<string, Item[]>();
  let start: Item | undefined;
  try {
    do {
      const page = await ddb.send(
        new ScanCommand({ TableName: o.TableName, ConsistentRead: true, ExclusiveStartKey: start }),
      );
      for (const item of page.Items ?? []) {
        const e = str(item.__edb_e__) ?? '';
        const list = by.get(e) ?? [];
        list.push(item);
        by.set(e, list);
      }
      start = page.LastEvaluatedKey;
    } while (start);
  } finally {
    ddb.destroy();
  }
  return by;
}

const jsonLines = (file: string): Item[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Item)
    : [];

const onboarded = (): Set<string> =>
  new Set(
    (JSON.parse(readFileSync(path.join(root, 'infra', 'councils.json'), 'utf8')) as { local: string[] })
      .local,
  );

const sample = (xs: readonly string[], n = 5) =>
  xs.length ? `${xs.length}: ${xs.slice(0, n).join('; ')}${xs.length > n ? '; …' : ''}` : '';

const invariant = (name: string, count: number, broken: readonly string[]): Invariant => ({
  name,
  held: broken.length === 0,
  count,
  detail: sample(broken),
});

function countBy<T>(xs: readonly T[], key: (x: T) => string | undefined): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) {
    const k = key(x);
    if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}

function feedInvariants(t: Map<string, Item[]>, options: InvariantOptions): Invariant[] {
  const councils = onboarded();
  const apps = new Map((t.get('application') ?? []).map((a) => [str(a.applicationId)!, a]));
  const submissions = countBy(t.get('domainEvent') ?? [], (e) =>
    e.type === 'ApplicationSubmitted' ? str(e.aggregateId) : undefined,
  );
  const onFeed = countBy(t.get('councilFeedEntry') ?? [], (e) =>
    e.type === 'ApplicationSubmitted' ? `${str(e.authorityId)}|${str(e.applicationId)}` : undefined,
  );
  const feedBroken: string[] = [];
  const readBroken: string[] = [];
  let checked = 0;
  for (const [id, n] of submissions) {
    const app = apps.get(id);
    const authority = str(app?.authorityId);
    if (!authority || !councils.has(authority)) continue;
    checked++;
    const entries = onFeed.get(`${authority}|${id}`) ?? 0;
    if (entries !== n) feedBroken.push(`${id} (${authority}): ${n} submission(s), ${entries} on the feed`);
    const read = options.feedRead?.get(authority);
    if (read) {
      const seen = read.filter((e) => e.type === 'ApplicationSubmitted' && e.applicationId === id).length;
      if (seen !== n) readBroken.push(`${id} (${authority}): read ${seen} time(s) for ${n} submission(s)`);
    }
  }
  // Each lodgement as the council lists it: the application's status.
  const statusBroken: string[] = [];
  const lodgements = (t.get('councilLodgement') ?? []).filter((l) => councils.has(str(l.authorityId) ?? ''));
  for (const l of lodgements) {
    const app = apps.get(str(l.applicationId) ?? '');
    if (app && app.status !== l.status)
      statusBroken.push(
        `${str(l.applicationId)}: council ${String(l.status)}, application ${String(app.status)}`,
      );
  }
  const out = [
    invariant('every submission on its council feed exactly once', checked, feedBroken),
    invariant(
      "the council's list has each lodgement in its application's status",
      lodgements.length,
      statusBroken,
    ),
  ];
  if (options.feedRead) {
    const readers = [...options.feedRead.keys()];
    const readChecked = [...submissions.keys()].filter((id) =>
      readers.includes(str(apps.get(id)?.authorityId) ?? ''),
    ).length;
    out.push(invariant('the feed reader saw each submission exactly once', readChecked, readBroken));
  }
  return out;
}

function paymentInvariants(t: Map<string, Item[]>, options: InvariantOptions): Invariant[] {
  type Tx = { transactionReference?: string; paymentMethod?: string; result?: string };
  const payments = t.get('payment') ?? [];
  const paidBroken: string[] = [];
  for (const p of payments) {
    const txs = (p.transactions ?? []) as Tx[];
    const approved = txs.filter(
      (x) => x.result === 'Approved' && (x.paymentMethod === 'Gateway' || x.paymentMethod === 'Council'),
    ).length;
    const deposit = p.status === 'Paid' && p.paymentMethod === 'Deposit' ? 1 : 0;
    const settled = approved + deposit;
    const id = `${str(p.applicationId)}/${str(p.paymentId)}`;
    if (settled > 1) paidBroken.push(`${id}: settled ${settled} times`);
    if (p.status === 'Paid' && settled !== 1) paidBroken.push(`${id}: Paid with ${settled} settlements`);
    if (p.status !== 'Paid' && approved > 0) paidBroken.push(`${id}: ${String(p.status)} with an approval`);
  }
  const byPayment = new Map(payments.map((p) => [`${str(p.applicationId)}/${str(p.paymentId)}`, p]));
  const sessions = t.get('paymentSession') ?? [];
  const sessionBroken: string[] = [];
  let open = 0;
  for (const s of sessions) {
    if (s.state === 'Pending') {
      if (options.openAtGateway?.has(str(s.sessionId) ?? '')) open++;
      else sessionBroken.push(`${str(s.sessionId)}: still Pending, the gateway has its outcome`);
      continue;
    }
    if (s.state !== 'Approved') continue;
    const p = byPayment.get(`${str(s.applicationId)}/${str(s.paymentId)}`);
    const n = ((p?.transactions ?? []) as Tx[]).filter(
      (x) => x.transactionReference === s.sessionId && x.result === 'Approved',
    ).length;
    if (n !== 1) sessionBroken.push(`${str(s.sessionId)}: Approved, ${n} transaction(s) on its invoice`);
  }
  return [
    invariant('every invoice paid at most once (and a Paid one exactly once)', payments.length, paidBroken),
    {
      ...invariant(
        'every approved card session settled exactly once, none left Pending',
        sessions.length,
        sessionBroken,
      ),
      ...(open && !sessionBroken.length
        ? { detail: `${open} unpaid and still open at the gateway (the payer left; they expire)` }
        : {}),
    },
  ];
}

function uploadInvariant(t: Map<string, Item[]>): Invariant {
  const docs = [...(t.get('applicationDocument') ?? []), ...(t.get('userDocument') ?? [])];
  const stuck = docs
    .filter((d) => d.uploadStatus === 'Pending' || d.uploadStatus === 'Uploading')
    .map(
      (d) =>
        `${str(d.applicationId) ?? str(d.userId)}/${str(d.documentName) ?? str(d.name)}: ${String(d.uploadStatus)}`,
    );
  return invariant('every upload Completed or Error, none left Pending/Uploading', docs.length, stuck);
}

/**
 * The dead letters, each with its cause, then the operator's redrive (`npx tsx
 * infra/local/redrive.ts`) and what it left. The redrive runs in a child process without blocking
 * this one: a stack running here (the soak's) keeps answering, its council receivers included (run
 * synchronously, the redrive's webhook deliveries waited on a receiver that could not answer).
 */
export async function deadLetterInvariants(
  o: InvariantOutputs,
  options: InvariantOptions = {},
): Promise<Invariant[]> {
  const events = jsonLines(o.EventDeadLetterFile);
  const lambdas = jsonLines(o.LambdaDeadLetterFile);
  const causeless = [
    ...events.filter((l) => !str(l.reason)).map((l) => `event letter ${str(l.id)}: no reason`),
    ...lambdas
      .filter((l) => !str((l.responsePayload as Item | undefined)?.errorMessage))
      .map((l) => `lambda letter ${str(l.timestamp)}: no error message`),
  ];
  const out = [invariant('no dead letter without its cause', events.length + lambdas.length, causeless)];
  if (options.redrive === false) return out;
  let redriveOutput = '';
  if (events.length) {
    try {
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'infra/local/redrive.ts', '--data-dir', o.DataDir],
        { cwd: root, encoding: 'utf8' },
      );
      redriveOutput = stdout.trim();
    } catch (e) {
      redriveOutput = String((e as { stdout?: string }).stdout ?? e).trim();
    }
  }
  const left = jsonLines(o.EventDeadLetterFile);
  out.push({
    name: 'a redrive empties the events dead-letter queue',
    held: left.length === 0,
    count: events.length,
    detail: left.length ? `${left.length} left after the redrive (${redriveOutput})` : redriveOutput,
  });
  return out;
}

function readModelInvariants(t: Map<string, Item[]>): Invariant[] {
  const rows = t.get('applicationAccess') ?? [];
  const contributions = t.get('applicationContribution') ?? [];
  const summaries = new Map((t.get('applicationListSummary') ?? []).map((s) => [str(s.userId)!, s]));
  const users = new Set(rows.map((r) => str(r.userId)!));
  for (const c of contributions) users.add(str(c.userId)!);
  const rowsOf = groupBy(rows, (r) => str(r.userId)!);
  const contributionsOf = groupBy(contributions, (c) => str(c.userId)!);
  const nonZero = (c: Item) =>
    JSON.stringify(
      Object.entries(c)
        .filter(([k, v]) => (k.startsWith('b:') || k.startsWith('f:')) && typeof v === 'number' && v !== 0)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  const modelBroken: string[] = [];
  for (const userId of users) {
    const plan = rebuildPlan(
      (rowsOf.get(userId) ?? []).map((r) => ({
        applicationId: str(r.applicationId)!,
        recordType: str(r.recordType) ?? 'Draft',
        status: str(r.status) ?? 'Draft',
        visibility: r.visibility === 'hidden' ? 'hidden' : 'visible',
        accessLevel: r.accessLevel as never,
        formId: str(r.formId),
        authorityId: str(r.authorityId),
        complexity: str(r.complexity),
      })),
      (contributionsOf.get(userId) ?? []).map((c) => ({
        applicationId: str(c.applicationId)!,
        signature: str(c.signature) ?? '',
      })),
    );
    if (plan.puts.length || plan.deletes.length)
      modelBroken.push(
        `${userId}: ${plan.puts.length} contribution(s) differ, ${plan.deletes.length} stale (e.g. ${plan.puts[0]?.[0] ?? plan.deletes[0]})`,
      );
    const summary = summaries.get(userId);
    if (summary && typeof summary.builtAt === 'string' && nonZero(summary) !== nonZero(plan.counters))
      modelBroken.push(`${userId}: summary ${nonZero(summary)} ≠ rebuild ${nonZero(plan.counters)}`);
  }
  // Each list row: its application's list fields (those not from reference data).
  const apps = new Map((t.get('application') ?? []).map((a) => [str(a.applicationId)!, a]));
  const keys = [
    'status',
    'recordType',
    'modifiedDate',
    'authorityId',
    'formId',
    'applicationNumber',
    'consentNumber',
    'hasOutstandingPayments',
    'hasOutstandingRFIs',
    'hasOutstandingDocuments',
    'hasOutstandingActions',
  ] as const;
  const rowBroken: string[] = [];
  for (const r of rows) {
    const app = apps.get(str(r.applicationId) ?? '');
    if (!app) {
      rowBroken.push(`${str(r.applicationId)}/${str(r.userId)}: a row of no application`);
      continue;
    }
    const want = listRowFields(app as never, {}) as unknown as Item;
    const diff = keys.filter((k) => (want[k] ?? undefined) !== (r[k] ?? undefined));
    if (diff.length)
      rowBroken.push(
        `${str(r.applicationId)}/${str(r.userId)}: ${diff.map((k) => `${k} ${String(r[k])} ≠ ${String(want[k])}`).join(', ')}`,
      );
  }
  return [
    invariant('badges and filters equal a rebuild from the rows (per user)', users.size, modelBroken),
    invariant("every list row carries its application's list fields", rows.length, rowBroken),
  ];
}

function notificationInvariant(t: Map<string, Item[]>): Invariant {
  const notes = (t.get('notification') ?? []).filter((n) => str(n.eventId));
  const by = countBy(notes, (n) => `${str(n.eventId)}|${str(n.recipientType)}|${str(n.recipientId)}`);
  const twice = [...by.entries()].filter(([, n]) => n > 1).map(([k, n]) => `${k}: ${n} times`);
  return invariant('notifications sent once per event and recipient', notes.length, twice);
}

function serverErrorInvariants(options: InvariantOptions): Invariant[] {
  const requests = options.requests;
  if (!requests)
    return [
      { name: 'no 5xx outside a fault window', held: true, count: 0, detail: 'not checked: no request log' },
    ];
  const grace = options.recoveryGraceMs ?? 5_000;
  const windows = options.faultWindows ?? [];
  const errors = requests.filter((r) => r.status >= 500);
  const excused = (r: RecordedRequest) => windows.some((w) => r.end >= w.start && r.start <= w.end + grace);
  const outside = errors.filter((r) => !excused(r));
  const lastEnd = Math.max(0, ...windows.map((w) => w.end + grace));
  const after = errors.filter((r) => windows.length > 0 && r.start > lastEnd);
  const show = (r: RecordedRequest) => `${r.status} ${r.route} at ${new Date(r.start).toISOString()}`;
  const out = [
    {
      ...invariant('no 5xx outside a fault window', requests.length, outside.map(show)),
      ...(outside.length ? {} : { detail: `${errors.length} 5xx in ${windows.length} fault window(s)` }),
    },
  ];
  if (windows.length) out.push(invariant('no 5xx after the last recovery', requests.length, after.map(show)));
  return out;
}

/** The Pending card sessions the local gateway still calls pending (open, unpaid). */
async function openSessions(o: InvariantOutputs, sessions: readonly Item[]): Promise<Set<string>> {
  const pending = sessions.filter((s) => s.state === 'Pending').map((s) => str(s.sessionId) ?? '');
  if (!pending.length || !o.PaymentGatewayUrl) return new Set();
  const [{ windcaveGateway }, { LOCAL_PAYMENT_GATEWAY }] = await Promise.all([
    import('../../../functions/platform/adapters/payments/windcave'),
    import('../../../infra/local/index'),
  ]);
  const gateway = windcaveGateway({ baseUrl: o.PaymentGatewayUrl, ...LOCAL_PAYMENT_GATEWAY });
  const open = new Set<string>();
  for (const id of pending)
    if ((await gateway.querySession(id).catch(() => undefined))?.state === 'pending') open.add(id);
  return open;
}

/** Every invariant of the stack (a LocalStack or its outputs), in the order above. */
export async function checkInvariants(
  stack: { outputs: InvariantOutputs } | InvariantOutputs,
  options: InvariantOptions = {},
): Promise<Invariant[]> {
  const o = 'outputs' in stack ? stack.outputs : stack;
  const t = await scanTable(o);
  const openAtGateway = options.openAtGateway ?? (await openSessions(o, t.get('paymentSession') ?? []));
  const [feed, payments, uploads, readModels, notifications, serverErrors] = tableInvariants(t, {
    ...options,
    openAtGateway,
  });
  return [
    ...feed!,
    ...payments!,
    ...uploads!,
    ...(await deadLetterInvariants(o, options)),
    ...readModels!,
    ...notifications!,
    ...serverErrors!,
  ];
}

/**
 * The invariants read from the table's items (by entity) and the request log, in groups: feed,
 * payments, uploads, read models, notifications, 5xx (pure: the unit tests give it items).
 */
export function tableInvariants(t: Map<string, Item[]>, options: InvariantOptions = {}): Invariant[][] {
  return [
    feedInvariants(t, options),
    paymentInvariants(t, options),
    [uploadInvariant(t)],
    readModelInvariants(t),
    [notificationInvariant(t)],
    serverErrorInvariants(options),
  ];
}

/** How many items of each entity the table holds (the soak's summary). */
export async function countItems(
  stack: { outputs: InvariantOutputs } | InvariantOutputs,
): Promise<Record<string, number>> {
  const t = await scanTable('outputs' in stack ? stack.outputs : stack);
  return Object.fromEntries([...t.entries()].map(([k, v]) => [k, v.length]));
}

/** Each consumer's lag (the event's commit → the consumer done, ms), from the outbox and its guards. */
export async function eventLags(stack: { outputs: InvariantOutputs } | InvariantOutputs): Promise<number[]> {
  const t = await scanTable('outputs' in stack ? stack.outputs : stack);
  const occurred = new Map(
    (t.get('domainEvent') ?? []).map((e) => [str(e.eventId), Date.parse(String(e.occurredAt))]),
  );
  return (t.get('consumedEvent') ?? [])
    .map((c) => Date.parse(String(c.consumedAt)) - (occurred.get(str(c.eventId)) ?? NaN))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
}

/** One line per invariant: held or BROKEN, its count and detail. */
export function formatInvariants(invariants: readonly Invariant[]): string {
  return invariants
    .map(
      (i) =>
        `  ${i.held ? 'held  ' : 'BROKEN'} ${String(i.count).padStart(7)}  ${i.name}${i.detail ? ` — ${i.detail}` : ''}`,
    )
    .join('\n');
}
