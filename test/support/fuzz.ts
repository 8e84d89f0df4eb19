/**
 * The fuzz pass (docs/security.md): malformed requests to every route of the OpenAPI
 * document (functions/platform/http/openapi.ts, built from the route table and the contracts), sent
 * to a local stack. Each request is broken in at least one way the route's schema refuses — a body
 * that is not JSON, of the wrong root type, missing a required field, a field of the wrong type or
 * over its length, nested thousands deep, with `__proto__` keys; a query value of the wrong type;
 * a path segment that names nothing (`%00`, `..%2F`, 2 KB, emoji, `%ZZ`) — plus headers a client
 * may get wrong (content types, broken bearer tokens). Changes (POST/PATCH/PUT/DELETE) carry the
 * fixture application's real id only when their body is one the schema refuses, so that any 2xx
 * would be a schema that lets junk through.
 *
 * What must hold: no answer is 5xx, and stored data (every item of the table, every object of the
 * uploads bucket) reads the same after each route's requests as before them. Used by
 * test/integration/fuzz.test.ts (a bounded pass in `npm test`) and `npm run bench -- fuzz` (20,000
 * requests, with figures).
 */
import fc from 'fast-check';
import * as z from 'zod';
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ErrorBody } from '../../shared/schemas/errors';
import {
  fuzzOperations,
  malformedRequests,
  type FuzzContext,
  type FuzzOperation,
  type FuzzRequest,
} from './fuzz-requests';
import type { StackOutputs } from './outputs';
import { waitFor } from './wait';
import { pendingIn, type EventItem } from './events';

export {
  fuzzOperations,
  malformedRequests,
  type FuzzContext,
  type FuzzOperation,
  type FuzzRequest,
} from './fuzz-requests';

// ---------------------------------------------------------------------------------------------
// Stored data

export interface DataSnapshot {
  items: Map<string, string>;
  objects: Map<string, string>;
  /** The outbox and consumption records among the items (./events.ts), read by the same scan. */
  events: EventItem[];
}

/** Every item of the table and every object (key → ETag) of the uploads bucket. */
export async function snapshotData(o: StackOutputs): Promise<DataSnapshot> {
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const ddb = new DynamoDBClient({ endpoint: String(o.DynamoDbEndpoint), region: o.Region, credentials });
  const s3 = new S3Client({
    endpoint: String(o.S3Endpoint),
    region: o.Region,
    credentials,
    forcePathStyle: true,
  });
  const items = new Map<string, string>();
  const events: EventItem[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: o.TableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      // A council client's token bucket moves with every call by design (functions/platform/token-bucket.ts):
      // bookkeeping of the limit, not data a request changed.
      if (item.sk?.S?.startsWith('$rateBucket')) continue;
      items.set(`${item.pk?.S}|${item.sk?.S}`, JSON.stringify(item));
      const entity = item.__edb_e__?.S;
      if (entity === 'domainEvent' || entity === 'consumedEvent')
        events.push({
          __edb_e__: entity,
          eventId: item.eventId?.S,
          type: item.type?.S,
          consumer: item.consumer?.S,
        });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const objects = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: o.UploadsBucket, ContinuationToken: token }),
    );
    for (const obj of page.Contents ?? []) objects.set(obj.Key!, String(obj.ETag));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  ddb.destroy();
  s3.destroy();
  return { items, objects, events };
}

/** What differs between two snapshots: `item added pk|sk`, `object changed key`, ... */
export function dataChanges(before: DataSnapshot, after: DataSnapshot): string[] {
  const diff = (what: string, a: Map<string, string>, b: Map<string, string>) => [
    ...[...b.keys()].filter((k) => !a.has(k)).map((k) => `${what} added ${k}`),
    ...[...a.keys()].filter((k) => !b.has(k)).map((k) => `${what} removed ${k}`),
    ...[...a.keys()].filter((k) => b.has(k) && a.get(k) !== b.get(k)).map((k) => `${what} changed ${k}`),
  ];
  return [...diff('item', before.items, after.items), ...diff('object', before.objects, after.objects)];
}

/**
 * A snapshot once every event in it has been handled by its consumers (./events.ts) and stored data
 * has stopped changing (two reads in a row the same, neither with an event pending): what the event
 * consumers and first reads write lands before a route's requests are judged. The events are read
 * by the snapshot's own scan of the table, not by a scan of their own.
 */
export async function settledSnapshot(o: StackOutputs): Promise<DataSnapshot> {
  let previous: DataSnapshot | undefined;
  return waitFor(
    'stored data to settle',
    async () => {
      const current = await snapshotData(o);
      const pending = await pendingIn(o, current.events);
      if (pending.length) {
        previous = undefined;
        throw new Error(`${pending.length} events pending, e.g. ${pending[0]}`);
      }
      const settled = previous && dataChanges(previous, current).length === 0;
      previous = current;
      return settled ? current : undefined;
    },
    { intervalMs: 150, timeoutMs: 60_000 },
  );
}

// ---------------------------------------------------------------------------------------------
// The pass

export interface FuzzResult {
  key: string;
  request: FuzzRequest;
  status: number;
  ms: number;
  body: string;
}

/**
 * A 4xx body is the API's error shape, and a 400's names at least one field and its reason. API
 * Gateway answers some refusals itself before any function runs (no route matches: 404; the JWT
 * authorizer: 401; throttling: 429) with its fixed `{"message": ...}`, which an HTTP API cannot
 * change; the local gateway answers those the same way.
 */
const GatewayRefusal = z.object({ message: z.string() }).strict();
function isErrorShape(status: number, body: string): boolean {
  try {
    const json = JSON.parse(body) as unknown;
    if (status !== 400 && GatewayRefusal.safeParse(json).success) return true;
    const parsed = ErrorBody.safeParse(json);
    if (!parsed.success) return false;
    return status !== 400 || (parsed.data.details ?? []).some((d) => d.field !== '' && d.reason !== '');
  } catch {
    return false;
  }
}

/** Sends one request; a network failure counts as status 0 (a server that dropped the connection). */
export async function send(
  apiUrl: string,
  req: FuzzRequest,
): Promise<{ status: number; ms: number; body: string }> {
  const url = new URL(`${apiUrl}${req.path}`);
  const search = req.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const t0 = performance.now();
  try {
    const res = await fetch(`${url.origin}${url.pathname}${search ? `?${search}` : ''}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === 'GET' ? undefined : req.body,
    });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - t0, body };
  } catch (err) {
    return { status: 0, ms: performance.now() - t0, body: String(err) };
  }
}

export interface FuzzReport {
  requests: number;
  statuses: Map<number, number>;
  /** Answers ≥ 500 (or no answer). */
  failures: FuzzResult[];
  /** 4xx answers that are not the error shape, or 400s without the field and the reason. */
  badShapes: FuzzResult[];
  /** Routes whose requests changed stored data, with what changed. */
  changes: { key: string; changes: string[] }[];
  /** Latencies in ms, sorted. */
  latencies: number[];
  perRoute: Map<string, Map<number, number>>;
  seconds: number;
}

/**
 * Sends `perRoute` malformed requests to each operation (concurrency `concurrency`), snapshotting
 * stored data before and after each route. `warmUp` runs before a route's first snapshot (so reads
 * that build something on first use, like the list read model, have built it) and says whether it
 * sent anything: when it did not, nothing has run since the previous route's settled "after", which
 * is then this route's "before" (read again, it would be the same).
 */
export async function runFuzz(options: {
  outputs: StackOutputs;
  ctx: FuzzContext;
  perRoute: number;
  seed: number;
  concurrency?: number;
  operations?: FuzzOperation[];
  warmUp?: (op: FuzzOperation) => Promise<boolean>;
  log?: (line: string) => void;
}): Promise<FuzzReport> {
  const { outputs, ctx, perRoute, seed, concurrency = 4 } = options;
  const report: FuzzReport = {
    requests: 0,
    statuses: new Map(),
    failures: [],
    badShapes: [],
    changes: [],
    latencies: [],
    perRoute: new Map(),
    seconds: 0,
  };
  const t0 = performance.now();
  const ops = options.operations ?? fuzzOperations();
  let last: DataSnapshot | undefined;
  for (const [index, op] of ops.entries()) {
    const warmed = (await options.warmUp?.(op)) ?? false;
    const before = last && !warmed ? last : await settledSnapshot(outputs);
    const requests = fc.sample(malformedRequests(op, ctx), { numRuns: perRoute, seed: seed + index });
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests.length) {
          const request = requests[next++]!;
          const r = await send(outputs.ApiUrl, request);
          report.requests++;
          report.latencies.push(r.ms);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          report.statuses.set(r.status, (report.statuses.get(r.status) ?? 0) + 1);
          const result = { key: op.key, request, ...r, body: r.body.slice(0, 300) };
          if (r.status >= 500 || r.status === 0) report.failures.push(result);
          else if (r.status >= 400 && !isErrorShape(r.status, r.body)) report.badShapes.push(result);
        }
      }),
    );
    last = await settledSnapshot(outputs);
    const changes = dataChanges(before, last);
    if (changes.length > 0) report.changes.push({ key: op.key, changes });
    report.perRoute.set(op.key, statuses);
    options.log?.(
      `${op.key}: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}${changes.length ? ` CHANGED ${changes.length}` : ''}`,
    );
  }
  report.latencies.sort((a, b) => a - b);
  report.seconds = (performance.now() - t0) / 1000;
  return report;
}
