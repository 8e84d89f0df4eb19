import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../platform/adapters/aws/dynamodb.js';
import { entities } from '../../platform/data/service.js';
import { listRecordType } from '../../../shared/domain/applications.js';
import { isCounterName, rebuildPlan, signatureOf } from '../model/read-model.js';
import type { Contribution, ContributionStore } from '../model/read-model.js';
import type { ReadStats } from './lists.js';

/**
 * The badges and filters read model in the table (functions/platform/data/README.md RM1–RM4): one
 * `applicationListSummary` item per user (counters as number attributes) and one
 * `applicationContribution` item per (user, application) in the user's partition.
 */

type Item = Record<string, NativeAttributeValue>;
type Key = { pk: string; sk: string };

const table = () => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

const summaryKey = (userId: string) =>
  (entities.applicationListSummary.get({ userId }).params() as { Key: Key }).Key;
const contributionKey = (userId: string, applicationId: string) =>
  (entities.applicationContribution.get({ userId, applicationId }).params() as { Key: Key }).Key;
const contributionItem = (userId: string, applicationId: string, counters: string[]) =>
  (
    entities.applicationContribution
      .put({ userId, applicationId, counters, signature: signatureOf(counters) })
      .params() as { Item: Item }
  ).Item;

/** The table's contribution store (consistent reads: the consumer decides from them). */
export const tableContributionStore: ContributionStore = {
  async source(userId, applicationId) {
    const [app, row] = await Promise.all([
      entities.application.get({ applicationId }).go({ consistent: true }),
      entities.applicationAccess.get({ applicationId, userId }).go({ consistent: true }),
    ]);
    if (!app.data || !row.data) return undefined;
    const a = app.data;
    return {
      recordType: listRecordType(a),
      status: a.status,
      visibility: row.data.visibility,
      accessLevel: row.data.accessLevel,
      formId: a.formId,
      authorityId: a.authorityId,
      complexity: a.complexity,
    };
  },
  async contribution(userId, applicationId) {
    const { data } = await entities.applicationContribution
      .get({ userId, applicationId })
      .go({ consistent: true });
    return data ? { counters: data.counters, signature: data.signature } : undefined;
  },
  async move(userId, applicationId, previous: Contribution | undefined, next, deltas) {
    const key = contributionKey(userId, applicationId);
    const condition = previous
      ? { ConditionExpression: '#sig = :sig', ExpressionAttributeNames: { '#sig': 'signature' } }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
    const contribution =
      next.length > 0
        ? {
            Put: {
              TableName: table(),
              Item: contributionItem(userId, applicationId, next),
              ...condition,
              ...(previous ? { ExpressionAttributeValues: { ':sig': previous.signature } } : {}),
            },
          }
        : {
            Delete: {
              TableName: table(),
              Key: key,
              ...condition,
              ...(previous ? { ExpressionAttributeValues: { ':sig': previous.signature } } : {}),
            },
          };
    const names: Record<string, string> = { '#e': '__edb_e__', '#v': '__edb_v__', '#u': 'userId' };
    const values: Record<string, NativeAttributeValue> = {
      ':e': 'applicationListSummary',
      ':v': '1',
      ':u': userId,
    };
    const adds = Object.entries(deltas).map(([counter, delta], i) => {
      names[`#c${i}`] = counter;
      values[`:d${i}`] = delta;
      return `#c${i} :d${i}`;
    });
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            contribution,
            {
              Update: {
                TableName: table(),
                Key: summaryKey(userId),
                UpdateExpression: `SET #e = :e, #v = :v, #u = :u ADD ${adds.join(', ')}`,
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (reasons?.some((r) => r.Code === 'ConditionalCheckFailed')) return false;
      throw err;
    }
  },
};

/** The users with an access row on an application now. */
export async function accessUserIds(applicationId: string): Promise<string[]> {
  const { data } = await entities.applicationAccess.query
    .byApplication({ applicationId })
    .go({ pages: 'all', attributes: ['userId'] });
  return data.map((r) => r.userId);
}

/** Whether a stored summary item is a built one (only the build sets `builtAt`; a consumer's ADD before it does not). */
const isBuilt = (item: Item | undefined): item is Item => typeof item?.builtAt === 'string';

const countersOfItem = (item: Item) =>
  Object.fromEntries(
    Object.entries(item).filter(([k, v]) => isCounterName(k) && typeof v === 'number'),
  ) as Record<string, number>;

/** A user's counters, or undefined when the read model was never built for them. */
async function readSummary(userId: string, stats?: ReadStats): Promise<Record<string, number> | undefined> {
  const res = await documentClient().send(
    new GetCommand({ TableName: table(), Key: summaryKey(userId), ReturnConsumedCapacity: 'TOTAL' }),
  );
  if (stats) {
    stats.queries++;
    stats.itemsRead += res.Item ? 1 : 0;
    stats.itemsMatched += res.Item ? 1 : 0;
    stats.capacityUnits += res.ConsumedCapacity?.CapacityUnits ?? 0;
  }
  return isBuilt(res.Item) ? countersOfItem(res.Item) : undefined;
}

/** Of these users, those whose read model is built (BatchGet of their summaries, `builtAt` only). */
export async function builtUserIds(userIds: readonly string[]): Promise<Set<string>> {
  const built = new Set<string>();
  for (let i = 0; i < userIds.length; i += 100) {
    let keys: Item[] = [...new Set(userIds.slice(i, i + 100))].map(summaryKey);
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > 8) throw new Error('builtUserIds: keys left unprocessed');
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const out = await documentClient().send(
        new BatchGetCommand({
          RequestItems: {
            [table()]: {
              Keys: keys,
              ProjectionExpression: '#u, #b',
              ExpressionAttributeNames: { '#u': 'userId', '#b': 'builtAt' },
            },
          },
        }),
      );
      for (const item of out.Responses?.[table()] ?? [])
        if (isBuilt(item) && typeof item.userId === 'string') built.add(item.userId);
      keys = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Item[];
    }
  }
  return built;
}

/**
 * The user ids of the access rows, a page at a time (not distinct: a user with many rows comes
 * many times). A Scan of gsi1 rather than of the table: every access row is in gsi1 (byUser) and
 * the table's other items (applications, steps, history, documents, …) are not, so it reads far
 * fewer items; the projection keeps the pages small on the wire (the read capacity is that of the
 * items read). For operator tools (the read-model backfill), never a request.
 */
export async function* accessRowUserIdPages(
  options: { segment?: number; totalSegments?: number; pageSize?: number } = {},
): AsyncGenerator<string[]> {
  let start: Item | undefined;
  do {
    const out = await documentClient().send(
      new ScanCommand({
        TableName: table(),
        IndexName: 'gsi1',
        ProjectionExpression: '#u',
        FilterExpression: '#e = :e',
        ExpressionAttributeNames: { '#u': 'userId', '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':e': 'applicationAccess' },
        ...(options.totalSegments && options.totalSegments > 1
          ? { Segment: options.segment ?? 0, TotalSegments: options.totalSegments }
          : {}),
        ...(options.pageSize ? { Limit: options.pageSize } : {}),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    const ids = (out.Items ?? []).map((i) => i.userId).filter((u): u is string => typeof u === 'string');
    if (ids.length > 0) yield ids;
    start = out.LastEvaluatedKey;
  } while (start);
}

/** What a build did. */
export interface BuildResult {
  /** The user's counters from their rows: what the badges and filters show. */
  counters: Record<string, number>;
  /** Access rows read. */
  rows: number;
  /** Contributions put or deleted (0 when they were all current). */
  contributionsWritten: number;
  /** Whether the summary item was put (with `builtAt`). */
  summaryWritten: boolean;
  /** False when the write budget ran out first: the summary is not put, the next build goes on. */
  complete: boolean;
}

export interface BuildOptions {
  /**
   * Stop writing contributions once this many ms have passed since the build began (at least one
   * round of BatchWrite is always written, so every build makes progress). The summary is put
   * only after every contribution is written, so a build cut short leaves the user unbuilt and
   * the next build writes only what is still missing (contributions are compared by signature).
   */
  writeBudgetMs?: number;
  /** Leave a built summary alone when its counters are already these (a rebuild that finds nothing to do writes nothing). */
  keepCurrentSummary?: boolean;
}

/** BatchWrite of 25 items a call, 8 calls at a time; stops between rounds once `deadline` has passed. */
async function batchWrite(requests: Item[], deadline = Infinity): Promise<number> {
  const chunks: Item[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  const run = async (chunk: Item[]) => {
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('buildSummary: items left unprocessed');
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const out = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [table()]: pending } }),
      );
      pending = (out.UnprocessedItems?.[table()] ?? []) as Item[];
    }
  };
  // A few at a time: this runs inside a request.
  let written = 0;
  for (let i = 0; i < chunks.length; i += 8) {
    if (i > 0 && Date.now() >= deadline) break;
    const round = chunks.slice(i, i + 8);
    await Promise.all(round.map(run));
    written += round.reduce((n, c) => n + c.length, 0);
  }
  return written;
}

const sameCounters = (a: Record<string, number>, b: Record<string, number>) => {
  const nonZero = (c: Record<string, number>) =>
    Object.entries(c)
      .filter(([, v]) => v !== 0)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return JSON.stringify(nonZero(a)) === JSON.stringify(nonZero(b));
};

/**
 * Builds a user's read model from every row of theirs (a user from before the read model): the
 * contributions (stale ones removed) and the summary with `builtAt`. Idempotent: a contribution
 * already current is not written again.
 */
export async function buildReadModel(userId: string, options: BuildOptions = {}): Promise<BuildResult> {
  const started = Date.now();
  const [{ data: rows }, { data: stored }, current] = await Promise.all([
    entities.applicationAccess.query.byUser({ userId }).go({
      pages: 'all',
      attributes: [
        'applicationId',
        'recordType',
        'status',
        'visibility',
        'accessLevel',
        'formId',
        'authorityId',
        'complexity',
      ],
    }),
    entities.applicationContribution.query.byUser({ userId }).go({ pages: 'all' }),
    options.keepCurrentSummary ? readSummary(userId) : Promise.resolve(undefined),
  ]);
  const plan = rebuildPlan(rows, stored);
  const requests: Item[] = [
    ...plan.puts.map(([applicationId, counters]) => ({
      PutRequest: { Item: contributionItem(userId, applicationId, counters) },
    })),
    ...plan.deletes.map((applicationId) => ({
      DeleteRequest: { Key: contributionKey(userId, applicationId) },
    })),
  ];
  const deadline = options.writeBudgetMs === undefined ? Infinity : started + options.writeBudgetMs;
  const contributionsWritten = await batchWrite(requests, deadline);
  const result = { counters: plan.counters, rows: rows.length, contributionsWritten };
  if (contributionsWritten < requests.length) return { ...result, summaryWritten: false, complete: false };
  if (current && requests.length === 0 && sameCounters(current, plan.counters))
    return { ...result, summaryWritten: false, complete: true };
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...summaryKey(userId),
        __edb_e__: 'applicationListSummary',
        __edb_v__: '1',
        userId,
        builtAt: new Date().toISOString(),
        ...plan.counters,
      },
    }),
  );
  return { ...result, summaryWritten: true, complete: true };
}

/** Builds a user's read model (every contribution, then the summary). Returns the counters. */
export async function buildSummary(userId: string): Promise<Record<string, number>> {
  return (await buildReadModel(userId)).counters;
}

/**
 * How long a request may spend writing a user's contributions when it finds no summary (after
 * reading their rows). Well under the lists Lambda's 15 s timeout and API Gateway's 29 s, whatever
 * the number of rows: a user with more rows than fit is answered from the rows all the same (the
 * same counters) and the next request, or the backfill (infra/seed/backfill-read-model.ts), goes on.
 */
export const INLINE_WRITE_BUDGET_MS = 3_000;

/**
 * A user's counters: one GetItem; the first time, from their rows, building the read model within
 * INLINE_WRITE_BUDGET_MS.
 */
export async function summaryOf(userId: string, stats?: ReadStats): Promise<Record<string, number>> {
  return (
    (await readSummary(userId, stats)) ??
    (await buildReadModel(userId, { writeBudgetMs: INLINE_WRITE_BUDGET_MS })).counters
  );
}
