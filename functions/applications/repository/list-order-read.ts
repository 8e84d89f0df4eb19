import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../platform/adapters/aws/dynamodb.js';
import { orderPrefix } from '../model/list-order.js';
import type { OrderPlan } from '../model/lists.js';
import { nextLimit } from '../model/lists.js';
import type { AccessRow, ReadStats } from './lists.js';

/**
 * The read of the list-order read model (kept by repository/list-order.ts), on its own so the lists
 * Lambda carries only this: a user's partition, and the mark that their entries are built.
 */

type Item = Record<string, NativeAttributeValue>;

const table = () => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

export const orderPartition = (userId: string) => `applications#listOrder#${userId}`;
export const builtKey = (userId: string) => ({ pk: orderPartition(userId), sk: '~built' });

const ENTRY_ONLY = ['pk', 'sk', 'kind'];

/**
 * The caller's rows of a plan in its sort order, from the list-order entries, reading just enough
 * for `need` matches; undefined when the caller's entries are not built yet (the list then sorts
 * in memory).
 */
export async function queryOrderRows(
  userId: string,
  plan: OrderPlan,
  { need, stats }: { need?: number; stats?: ReadStats } = {},
): Promise<{ rows: AccessRow[] } | undefined> {
  const built = documentClient().send(
    new GetCommand({ TableName: table(), Key: builtKey(userId), ReturnConsumedCapacity: 'TOTAL' }),
  );
  const input: QueryCommandInput = {
    TableName: table(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', ...plan.filter?.names },
    ExpressionAttributeValues: {
      ':pk': orderPartition(userId),
      ':prefix': orderPrefix(plan.sortBy, plan.direction, plan.visibility),
      ...plan.filter?.values,
    },
    ...(plan.filter ? { FilterExpression: plan.filter.expression } : {}),
    ReturnConsumedCapacity: 'TOTAL',
  };
  const rows: AccessRow[] = [];
  let read = 0;
  let startKey: Item | undefined;
  do {
    const page: QueryCommandInput = { ...input };
    if (startKey) page.ExclusiveStartKey = startKey;
    if (need !== undefined) page.Limit = nextLimit(need - rows.length, read, rows.length, !!plan.filter);
    const res = await documentClient().send(new QueryCommand(page));
    read += res.ScannedCount ?? 0;
    for (const item of res.Items ?? [])
      rows.push(
        Object.fromEntries(Object.entries(item).filter(([k]) => !ENTRY_ONLY.includes(k))) as AccessRow,
      );
    if (stats) {
      stats.queries++;
      stats.itemsRead += res.ScannedCount ?? 0;
      stats.itemsMatched += res.Count ?? 0;
      stats.capacityUnits += res.ConsumedCapacity?.CapacityUnits ?? 0;
    }
    startKey = res.LastEvaluatedKey;
  } while (startKey && (need === undefined || rows.length < need));
  const mark = await built;
  if (stats) {
    stats.queries++;
    stats.itemsRead += mark.Item ? 1 : 0;
    stats.capacityUnits += mark.ConsumedCapacity?.CapacityUnits ?? 0;
  }
  if (!mark.Item) return undefined;
  return { rows: need === undefined ? rows : rows.slice(0, need) };
}
