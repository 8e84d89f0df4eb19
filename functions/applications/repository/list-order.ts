import { createHash } from 'node:crypto';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../platform/adapters/aws/dynamodb.js';
import { entities } from '../../platform/data/service.js';
import { catalogue } from '../../reference/index.js';
import { LIST_FIELDS_REMOVABLE, listRowFields } from '../model/list-row.js';
import { orderEntriesOf, prefixRange } from '../model/list-order.js';
import type { OrderRow } from '../model/list-order.js';
import type { AccessRow } from './lists.js';
import { builtKey, orderPartition } from './list-order-read.js';

/**
 * The list-order read model (functions/platform/data/README.md RM5): in each user's partition
 * `applications#listOrder#<userId>`, one entry per (row, other sort order, direction) whose sort key
 * is `<sortBy>#<direction>#<visibility>#<order string>` (model/list-order.ts) and which carries the
 * row's list fields, so a page sorted by application number, consent number, address, status or
 * form name is a Query of that prefix with the list's FilterExpression reading only what the page
 * needs. One `~app#<applicationId>` item per row holds its entry keys and signature; `~built`
 * says every row of the user has its entries (until then the lists sort in memory).
 */

type Item = Record<string, NativeAttributeValue>;

const table = () => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

const trackKey = (userId: string, applicationId: string) => ({
  pk: orderPartition(userId),
  sk: `~app#${applicationId}`,
});
const formName = (formId: unknown) =>
  typeof formId === 'string' ? catalogue().form(formId)?.displayName : undefined;
const digest = (s: string) => (s ? createHash('sha256').update(s).digest('base64url') : '');

/** The entries of a row: its keys, the items to put and the signature. */
function entriesOf(userId: string, row: OrderRow) {
  const { keys, content, signature } = orderEntriesOf(row, formName(row.formId));
  const items = keys.map((sk) => ({ ...content, pk: orderPartition(userId), sk, kind: 'listOrderEntry' }));
  return { keys, items, signature: digest(signature) };
}

/**
 * Brings a user's entries of one application to its current state (the application and the user's
 * access row, read consistently): puts the entries, deletes the stale ones and moves the tracking
 * item in one transaction conditional on the tracked signature; a concurrent change retries.
 * Replays and out-of-order events end in the same state. Returns the items written.
 */
export async function reconcileListOrder(userId: string, applicationId: string): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [app, row, tracked] = await Promise.all([
      entities.application.get({ applicationId }).go({ consistent: true }),
      entities.applicationAccess.get({ applicationId, userId }).go({ consistent: true }),
      documentClient().send(
        new GetCommand({ TableName: table(), Key: trackKey(userId, applicationId), ConsistentRead: true }),
      ),
    ]);
    const before = tracked.Item as { keys?: string[]; signature?: string } | undefined;
    let next = { keys: [] as string[], items: [] as Item[], signature: '' };
    if (app.data && row.data) {
      const fields = listRowFields(app.data, catalogue().names(app.data));
      const merged: Record<string, unknown> = { ...row.data, ...fields };
      for (const k of LIST_FIELDS_REMOVABLE) if (fields[k] === undefined) delete merged[k];
      next = entriesOf(userId, merged as OrderRow);
    }
    if ((before?.signature ?? '') === next.signature) return 0;
    const keep = new Set(next.keys);
    const stale = (before?.keys ?? []).filter((k) => !keep.has(k));
    const condition = before
      ? {
          ConditionExpression: '#s = :s',
          ExpressionAttributeNames: { '#s': 'signature' },
          ExpressionAttributeValues: { ':s': before.signature },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
    const track =
      next.keys.length > 0
        ? {
            Put: {
              TableName: table(),
              Item: {
                ...trackKey(userId, applicationId),
                kind: 'listOrderTrack',
                keys: next.keys,
                signature: next.signature,
              },
              ...condition,
            },
          }
        : { Delete: { TableName: table(), Key: trackKey(userId, applicationId), ...condition } };
    try {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            track,
            ...next.items.map((Item) => ({ Put: { TableName: table(), Item } })),
            ...stale.map((sk) => ({
              Delete: { TableName: table(), Key: { pk: orderPartition(userId), sk } },
            })),
          ],
        }),
      );
      return 1 + next.items.length + stale.length;
    } catch (err) {
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (!reasons?.some((r) => r.Code === 'ConditionalCheckFailed')) throw err;
    }
  }
  throw new Error('reconcileListOrder: the entries kept changing');
}

/** BatchWrite of 25 items a call, 8 calls at a time, unprocessed items written again. */
async function batchWrite(requests: Item[]): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  for (let i = 0; i < chunks.length; i += 8)
    await Promise.all(
      chunks.slice(i, i + 8).map(async (chunk) => {
        let pending = chunk;
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt > 8) throw new Error('buildListOrder: items left unprocessed');
          if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
          const out = await documentClient().send(
            new BatchWriteCommand({ RequestItems: { [table()]: pending } }),
          );
          pending = (out.UnprocessedItems?.[table()] ?? []) as Item[];
        }
      }),
    );
}

/** Every item of a user's list-order partition whose sort key begins with `prefix`. */
async function partitionItems(userId: string, prefix: string, attributes?: string[]): Promise<Item[]> {
  const items: Item[] = [];
  const range = prefixRange(prefix);
  let start: Item | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': orderPartition(userId), ':from': range.from, ':to': range.to },
        ...(attributes
          ? {
              ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
              ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
            }
          : {}),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** What a build did. */
export interface ListOrderBuild {
  rows: number;
  /** Rows whose entries were (re)written. */
  rowsWritten: number;
  itemsWritten: number;
}

/**
 * Builds a user's list-order entries from their access rows (a user from before the read model, or
 * a repair): writes the entries of every row whose tracked signature differs, removes the entries
 * of rows that are gone, then marks the user built. Idempotent: a second build writes only the mark.
 */
export async function buildListOrder(userId: string): Promise<ListOrderBuild> {
  const [{ data: rows }, tracked] = await Promise.all([
    entities.applicationAccess.query.byUser({ userId }).go({ pages: 'all' }),
    partitionItems(userId, '~app#', ['sk', 'keys', 'signature']),
  ]);
  const have = new Map(
    tracked.map((t) => [String(t.sk).slice('~app#'.length), t as { keys: string[]; signature: string }]),
  );
  const requests: Item[] = [];
  let rowsWritten = 0;
  const seen = new Set<string>();
  for (const row of rows as AccessRow[]) {
    seen.add(row.applicationId);
    const next = entriesOf(userId, row as unknown as OrderRow);
    const before = have.get(row.applicationId);
    if ((before?.signature ?? '') === next.signature) continue;
    rowsWritten++;
    const keep = new Set(next.keys);
    for (const sk of before?.keys ?? [])
      if (!keep.has(sk)) requests.push({ DeleteRequest: { Key: { pk: orderPartition(userId), sk } } });
    for (const Item of next.items) requests.push({ PutRequest: { Item } });
    requests.push(
      next.keys.length > 0
        ? {
            PutRequest: {
              Item: {
                ...trackKey(userId, row.applicationId),
                kind: 'listOrderTrack',
                keys: next.keys,
                signature: next.signature,
              },
            },
          }
        : { DeleteRequest: { Key: trackKey(userId, row.applicationId) } },
    );
  }
  for (const [applicationId, before] of have) {
    if (seen.has(applicationId)) continue;
    rowsWritten++;
    for (const sk of before.keys ?? [])
      requests.push({ DeleteRequest: { Key: { pk: orderPartition(userId), sk } } });
    requests.push({ DeleteRequest: { Key: trackKey(userId, applicationId) } });
  }
  await batchWrite(requests);
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: { ...builtKey(userId), kind: 'listOrderBuilt', builtAt: new Date().toISOString() },
    }),
  );
  return { rows: rows.length, rowsWritten, itemsWritten: requests.length + 1 };
}

/** Of these users, those whose list-order entries are built (BatchGet of their marks). */
export async function listOrderBuiltUserIds(userIds: readonly string[]): Promise<Set<string>> {
  const built = new Set<string>();
  for (let i = 0; i < userIds.length; i += 100) {
    let keys: Item[] = [...new Set(userIds.slice(i, i + 100))].map(builtKey);
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > 8) throw new Error('listOrderBuiltUserIds: keys left unprocessed');
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const out = await documentClient().send(
        new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys, ProjectionExpression: 'pk' } } }),
      );
      for (const item of out.Responses?.[table()] ?? [])
        built.add(String(item.pk).slice(orderPartition('').length));
      keys = (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Item[];
    }
  }
  return built;
}
