/**
 * The application lists at scale (`npm run bench -- applications`): 10,000 applications of one user
 * and 100,000 items in the table in all (other users' applications and access rows included; env
 * APPLICATIONS_BENCH_OWN and APPLICATIONS_BENCH_OTHER_USERS make a smaller run), written with
 * BatchWrite straight to DynamoDB Local, then GET /user/applicationsV3 (no filter, status + form
 * filters, searchText, page 5, the Consents tab, another sort order), the badges and the filters
 * through the local API (p50/p99, CPU per request), next to what the same list costs in DynamoDB:
 * Query and BatchGet calls, items read and matched, and read capacity where DynamoDB Local reports it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';

type BenchStack = Awaited<ReturnType<typeof import('../../infra/local/index').startLocalStack>>;

export interface LatencyCall {
  name: string;
  url: string;
  headers?: Record<string, string>;
  status?: number;
  /** Requests per concurrency level (after the warm-up). */
  n?: number;
  /** The concurrency levels (default 1 and 4). */
  concurrency?: readonly number[];
}

export interface BenchHelpers {
  latencyRows(calls: LatencyCall[]): Promise<string[][]>;
  table(rows: string[][]): void;
  /** CPU time so far (ms) of this process (the local stack and the bench) and of DynamoDB Local's java. */
  cpuNow(): { node: number; java: number };
}

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The benchmark user's applications, and the other users' (100 each): 100,000 items with the access
 * rows. Env APPLICATIONS_BENCH_OWN and APPLICATIONS_BENCH_OTHER_USERS make a smaller run.
 */
export const BENCH_OWN_APPLICATIONS = Number(process.env.APPLICATIONS_BENCH_OWN) || 10_000;
const OTHER_USERS = Number(process.env.APPLICATIONS_BENCH_OTHER_USERS ?? 400);
const PER_OTHER_USER = 100;

/** A small deterministic PRNG (mulberry32), so every run seeds the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    weighted: <T>(xs: readonly (readonly [T, number])[]): T => {
      let r = next() * xs.reduce((s, [, w]) => s + w, 0);
      for (const [x, w] of xs) if ((r -= w) < 0) return x;
      return xs[xs.length - 1]![0];
    },
  };
}

const STREETS = [
  'Queen',
  'Karaka',
  'Willis',
  'Lambton',
  'Cuba',
  'Colombo',
  'Victoria',
  'Ponsonby',
  'Dominion',
  'Manners',
  'Riccarton',
  'Papanui',
  'Great North',
  'Jervois',
  'Tinakori',
  'Aro',
  'Adelaide',
  'Kelburn',
  'Thorndon',
  'Brooklyn',
  'Hutt',
  'Kent',
  'Cambridge',
  'Oriental',
  'Evans Bay',
  'Kilbirnie',
  'Rongotai',
  'Miramar',
  'Karori',
  'Northland',
  'Wadestown',
  'Khandallah',
  'Ngaio',
  'Johnsonville',
  'Tawa',
  'Linden',
  'Churton',
  'Newlands',
  'Grenada',
  'Takapu',
] as const;
const SUFFIXES = ['Street', 'Road', 'Avenue', 'Terrace', 'Crescent'] as const;
const CITIES = ['Auckland', 'Wellington', 'Christchurch', 'Hamilton', 'Tauranga', 'Dunedin'] as const;

interface Reference {
  forms: { id: string; displayName: string; category: string }[];
  authorities: { id: string; displayName: string }[];
}

export function reference(): Reference {
  const read = <T>(f: string) =>
    JSON.parse(readFileSync(path.join(root, 'shared', 'reference', f), 'utf8')) as T;
  return { forms: read('forms.json'), authorities: read('authorities.json') };
}

/**
 * Every item of the seed: for each application its application item and the owner's access row,
 * built with the same entities and listRowFields as the applications repository.
 */
export async function seedItems(benchUserId: string) {
  const { entities } = await import('../../functions/platform/data/service');
  const { listRowFields } = await import('../../functions/applications/model/list-row');
  const ref = reference();
  const r = prng(20251122);
  const items: Record<string, unknown>[] = [];
  const day = 86_400_000;
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  let nextId = 5_000_001;
  const numbers = new Map<number, number>();
  const add = (userId: string) => {
    const applicationId = String(nextId++);
    const modified = new Date(start + Math.floor(r.next() * 700 * day) + Math.floor(r.next() * day));
    const year = modified.getUTCFullYear();
    const seq = (numbers.get(year) ?? 0) + 1;
    numbers.set(year, seq);
    const status = r.weighted([
      ['Draft', 50],
      ['Submitted', 15],
      ['InProgress', 15],
      ['Completed', 10],
      ['VRFISuspended', 5],
      ['Refused', 5],
    ] as const);
    const form = r.pick(ref.forms);
    const authority = r.pick(ref.authorities);
    const consent = status !== 'Draft' && status !== 'Submitted' && r.next() < 0.6;
    const application = {
      applicationId,
      recordType: 'Draft' as const,
      status,
      authorityId: authority.id,
      jurisdictionId: 'nz',
      formId: form.id,
      applicationType: form.category as 'Standalone' | 'Amendment' | 'Supporting',
      userId,
      etag: `etag-${applicationId}`,
      startedDate: new Date(modified.getTime() - 30 * day).toISOString(),
      modifiedDate: modified.toISOString(),
      applicationNumber: `BLD-${year}-${String(seq).padStart(5, '0')}`,
      address: {
        fullAddress: `${1 + Math.floor(r.next() * 300)} ${r.pick(STREETS)} ${r.pick(SUFFIXES)}, ${r.pick(CITIES)}`,
      },
      hasOutstandingRFIs: r.next() < 0.02,
      hasOutstandingPayments: r.next() < 0.02,
      ...(consent ? { consentNumber: `BC-${year}-${String(seq).padStart(5, '0')}` } : {}),
      ...(r.next() < 0.7 ? { complexity: r.pick(['Simple', 'Standard', 'Complex']) } : {}),
    };
    items.push(entities.application.put(application).params<{ Item: Record<string, unknown> }>().Item);
    items.push(
      entities.applicationAccess
        .put({
          ...listRowFields(application, {
            formDisplayName: form.displayName,
            formCategory: form.category,
            authorityDisplayName: authority.displayName,
          }),
          applicationId,
          userId,
          accessLevel: r.weighted([
            ['Manage', 70],
            ['Edit', 20],
            ['ReadOnly', 10],
          ] as const),
          isOwner: true,
          visibility: r.next() < 0.05 ? 'hidden' : 'visible',
        })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
  };
  for (let i = 0; i < BENCH_OWN_APPLICATIONS; i++) add(benchUserId);
  for (let u = 0; u < OTHER_USERS; u++)
    for (let i = 0; i < PER_OTHER_USER; i++) add(`bench-other-${String(u).padStart(3, '0')}`);
  return items;
}

/** BatchWrite of 25 items a call, 16 calls in flight, unprocessed items written again. */
export async function batchWrite(items: Record<string, unknown>[]) {
  const { documentClient } = await import('../../functions/platform/adapters/aws-clients');
  const tableName = process.env.TABLE_NAME!;
  let next = 0;
  let calls = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < items.length) {
        const chunk = items.slice(next, next + 25);
        next += 25;
        let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length > 0) {
          calls++;
          const res = await documentClient().send(
            new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
          );
          pending = (res.UnprocessedItems?.[tableName] ?? []) as typeof pending;
        }
      }
    }),
  );
  return calls;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function applications(stack: BenchStack, h: BenchHelpers) {
  const { signIn } = await import('../support/cognito');
  const o = stack.outputs;
  const demo = o.DemoUsers[0]!;
  const tokens = await signIn(demo.email, demo.password, o as never);
  const userId = (
    JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }
  ).sub;

  const t0 = performance.now();
  const items = await seedItems(userId);
  const built = performance.now();
  const calls = await batchWrite(items);
  const seeded = performance.now();
  console.log(
    `\nApplication lists: ${items.length.toLocaleString('en-NZ')} items seeded (${BENCH_OWN_APPLICATIONS.toLocaleString('en-NZ')} applications of the bench user, ` +
      `${(OTHER_USERS * PER_OTHER_USER).toLocaleString('en-NZ')} of ${OTHER_USERS} other users, each with its access row): ` +
      `built in ${((built - t0) / 1000).toFixed(1)} s, written in ${((seeded - built) / 1000).toFixed(1)} s (${calls} BatchWrite calls)`,
  );

  // The seed writes rows directly, like the rows of a user from before the read model: their first
  // badges/filters read builds it once (timed here), every later one reads one item.
  const { buildSummary } = await import('../../functions/applications/repository/read-model');
  const b0 = performance.now();
  await buildSummary(userId);
  console.log(
    `badges/filters read model built once from the rows in ${((performance.now() - b0) / 1000).toFixed(1)} s`,
  );
  // The list-order entries (the other sort orders), as the backfill builds them for a user from before.
  const { buildListOrder } = await import('../../functions/applications/repository/list-order');
  const o0 = performance.now();
  const orders = await buildListOrder(userId);
  console.log(
    `list-order entries built once from the rows in ${((performance.now() - o0) / 1000).toFixed(1)} s (${orders.itemsWritten.toLocaleString('en-NZ')} items)`,
  );

  console.log('measuring (100 requests per list and concurrency)…');
  const auth = { authorization: `Bearer ${tokens.IdToken}` };
  const lists: { name: string; qs: string; n?: number }[] = [
    { name: 'V3 page 1, no filter', qs: '' },
    { name: 'V3 status=Submitted&form=bca', qs: '?status=Submitted&form=bca' },
    { name: 'V3 searchText=karaka', qs: '?searchText=karaka' },
    { name: 'V3 pageIndex=5', qs: '?pageIndex=5' },
    { name: 'V3 recordType=Consent', qs: '?recordType=Consent' },
    { name: 'V3 outstandingActions=RFI', qs: '?outstandingActions=RFI' },
    { name: 'V3 sortBy=applicationNumber', qs: '?sortBy=applicationNumber&sortDirection=asc' },
    { name: 'V3 sortBy=status desc, page 5', qs: '?sortBy=status&sortDirection=desc&pageIndex=5' },
  ];
  const latency = await h.latencyRows([
    ...lists.map((l) => ({
      name: `GET ${l.name}`,
      url: `${o.ApiUrl}/user/applicationsV3${l.qs}`,
      headers: auth,
      n: l.n ?? 100,
    })),
    {
      name: 'GET /user/applicationsV2/badges',
      url: `${o.ApiUrl}/user/applicationsV2/badges`,
      headers: auth,
      n: 100,
    },
    {
      name: 'GET /user/applicationsV2/filters',
      url: `${o.ApiUrl}/user/applicationsV2/filters`,
      headers: auth,
      n: 60,
    },
  ]);
  console.log(
    '\nApplication lists through the local API (127.0.0.1, DynamoDB Local, 10,000 applications of the caller)',
  );
  h.table(latency);

  // The same work in-process, with what DynamoDB was asked for (one run's calls; median time of 11).
  const { ApplicationsV3Query } = await import('../../shared/schemas/applications');
  const { v3Request } = await import('../../functions/applications/model/lists');
  const { service: listing } = await import('../../functions/applications/lists');
  const { newReadStats } = await import('../../functions/applications/repository/lists');
  type Stats = ReturnType<typeof newReadStats>;
  const raw: { name: string; run: (stats?: Stats) => Promise<unknown> }[] = [
    ...lists.map((l) => ({
      name: l.name,
      run: (stats?: Stats) =>
        listing.list(
          userId,
          v3Request(ApplicationsV3Query.parse(Object.fromEntries(new URLSearchParams(l.qs)))),
          stats,
        ),
    })),
    { name: 'badges', run: (stats?: Stats) => listing.badges(userId, stats) },
    { name: 'filters', run: (stats?: Stats) => listing.filters(userId, stats) },
  ];
  const rows = [
    ['in-process', 'Query', 'BatchGet', 'items read', 'matched', 'RCU', 'median ms', 'node CPU', 'java CPU'],
  ];
  for (const r of raw) {
    const stats = newReadStats();
    await r.run(stats);
    const times: number[] = [];
    const cpu0 = h.cpuNow();
    for (let i = 0; i < 11; i++) {
      const t = performance.now();
      await r.run();
      times.push(performance.now() - t);
    }
    const cpu1 = h.cpuNow();
    rows.push([
      r.name,
      String(stats.queries),
      String(stats.batchGets),
      String(stats.itemsRead),
      String(stats.itemsMatched),
      stats.capacityUnits > 0 ? stats.capacityUnits.toFixed(1) : '-',
      median(times).toFixed(1),
      ((cpu1.node - cpu0.node) / times.length).toFixed(1),
      ((cpu1.java - cpu0.java) / times.length).toFixed(1),
    ]);
  }
  console.log(
    '\nWhat each list costs in DynamoDB (Query incl. the per-item child-link queries; BatchGet of the page)',
  );
  h.table(rows);
}
