import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../platform/adapters/aws/dynamodb.js';
import { orderPartition, orderPrefix, prefixRange } from '../model/list-order.js';

export { orderPartition };
import type { OrderPlan } from '../model/lists.js';
import { queryRows, type AccessRow, type ReadStats } from './lists.js';

/**
 * The read of the list-order read model (kept by repository/list-order.ts), on its own so the lists
 * Lambda carries only this: a user's partition, and the mark that their entries are built.
 */

const table = () => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

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
  const range = prefixRange(orderPrefix(plan.sortBy, plan.direction, plan.visibility));
  const input: QueryCommandInput = {
    TableName: table(),
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', ...plan.filter?.names },
    ExpressionAttributeValues: {
      ':pk': orderPartition(userId),
      ':from': range.from,
      ':to': range.to,
      ...plan.filter?.values,
    },
    ...(plan.filter ? { FilterExpression: plan.filter.expression } : {}),
    ReturnConsumedCapacity: 'TOTAL',
  };
  const { rows } = await queryRows(
    input,
    (items) =>
      (items ?? []).map(
        (item) =>
          Object.fromEntries(Object.entries(item).filter(([k]) => !ENTRY_ONLY.includes(k))) as AccessRow,
      ),
    { need, stats, filtered: !!plan.filter },
  );
  const mark = await built;
  if (stats) {
    stats.queries++;
    stats.itemsRead += mark.Item ? 1 : 0;
    stats.capacityUnits += mark.ConsumedCapacity?.CapacityUnits ?? 0;
  }
  if (!mark.Item) return undefined;
  return { rows };
}
