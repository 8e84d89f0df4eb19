import { BatchWriteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../platform/adapters/aws/dynamodb.js';
import { entities } from '../../platform/data/service.js';
import { listRecordType } from '../../../shared/domain/applications.js';
import { isCounterName, signatureOf, totalsOf, countersOf } from '../service/read-model.js';
import type { Contribution, ContributionSource, ContributionStore } from '../service/read-model.js';
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
  if (!res.Item || typeof res.Item.builtAt !== 'string') return undefined;
  return Object.fromEntries(
    Object.entries(res.Item).filter(([k, v]) => isCounterName(k) && typeof v === 'number'),
  ) as Record<string, number>;
}

async function batchWrite(requests: Item[]): Promise<void> {
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
  for (let i = 0; i < chunks.length; i += 8) await Promise.all(chunks.slice(i, i + 8).map(run));
}

/**
 * Builds a user's read model from every row of theirs (a user from before the read model): the
 * contributions (stale ones removed) and the summary with `builtAt`. Returns the counters.
 */
export async function buildSummary(userId: string): Promise<Record<string, number>> {
  const [{ data: rows }, { data: stored }] = await Promise.all([
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
  ]);
  const wanted = new Map<string, string[]>();
  for (const r of rows) {
    const source: ContributionSource = {
      recordType: r.recordType,
      status: r.status,
      visibility: r.visibility,
      accessLevel: r.accessLevel,
      formId: r.formId,
      authorityId: r.authorityId,
      complexity: r.complexity,
    };
    const counters = countersOf(source);
    if (counters.length > 0) wanted.set(r.applicationId, counters);
  }
  const have = new Map(stored.map((c) => [c.applicationId, c.signature]));
  const requests: Item[] = [];
  for (const [applicationId, counters] of wanted)
    if (have.get(applicationId) !== signatureOf(counters))
      requests.push({ PutRequest: { Item: contributionItem(userId, applicationId, counters) } });
  for (const applicationId of have.keys())
    if (!wanted.has(applicationId))
      requests.push({ DeleteRequest: { Key: contributionKey(userId, applicationId) } });
  await batchWrite(requests);
  const counters = totalsOf(wanted.values());
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...summaryKey(userId),
        __edb_e__: 'applicationListSummary',
        __edb_v__: '1',
        userId,
        builtAt: new Date().toISOString(),
        ...counters,
      },
    }),
  );
  return counters;
}

/** A user's counters: one GetItem; built from their rows the first time. */
export async function summaryOf(userId: string, stats?: ReadStats): Promise<Record<string, number>> {
  return (await readSummary(userId, stats)) ?? (await buildSummary(userId));
}
