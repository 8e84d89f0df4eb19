/**
 * The table's counters after a restore (docs/reliability.md "Backup and restore"): application ids
 * and application numbers come from atomic counters in the table (`counter` items,
 * functions/applications/repository/applications.ts). A restore takes them back to the restore
 * point, so the ids and numbers issued after it would be issued again to other applications — ones
 * a council may already have heard of. So a restore carries every counter forward to the value it
 * had before the restore, never back.
 */
import {
  ConditionalCheckFailedException,
  ScanCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { ENTITY_ATTRIBUTE } from '../../functions/platform/events/filter.js';

const COUNTER_ENTITY = 'counter';

/** A counter item as stored (its key, ElectroDB's attributes, `name`, `scope`, `value`). */
export type CounterItem = Record<string, AttributeValue>;

/** Every counter item of `tableName` (a filtered Scan: there are a few per authority and year). */
export async function readCounters(
  client: Pick<DynamoDBClient, 'send'>,
  tableName: string,
): Promise<CounterItem[]> {
  const out: CounterItem[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#e = :counter',
        ExpressionAttributeNames: { '#e': ENTITY_ATTRIBUTE },
        ExpressionAttributeValues: { ':counter': { S: COUNTER_ENTITY } },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** What carrying forward did: the counters raised, `name/scope: from → to`. */
export interface CarriedForward {
  raised: string[];
  /** Counters already at least as high (untouched). */
  kept: number;
}

const label = (c: CounterItem) => `${c.name?.S ?? '?'}/${c.scope?.S ?? '?'}`;

/**
 * Sets each of `counters` (read before the restore) in `tableName` where the table's value is lower
 * or absent: a conditional update per counter, so a counter that moved on since is never lowered.
 */
export async function carryCountersForward(
  client: Pick<DynamoDBClient, 'send'>,
  tableName: string,
  counters: readonly CounterItem[],
): Promise<CarriedForward> {
  const result: CarriedForward = { raised: [], kept: 0 };
  for (const counter of counters) {
    const value = counter.value?.N;
    const { pk, sk } = counter;
    if (value === undefined || !pk || !sk) continue;
    const attributes = Object.keys(counter).filter((k) => k !== 'pk' && k !== 'sk');
    const names = Object.fromEntries(attributes.map((k, i) => [`#a${i}`, k]));
    const values = Object.fromEntries(attributes.map((k, i) => [`:a${i}`, counter[k]!]));
    const valueName = `#a${attributes.indexOf('value')}`;
    const valuePlaceholder = `:a${attributes.indexOf('value')}`;
    try {
      const out = await client.send(
        new UpdateItemCommand({
          TableName: tableName,
          Key: { pk, sk },
          UpdateExpression: `SET ${attributes.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
          ConditionExpression: `attribute_not_exists(${valueName}) OR ${valueName} < ${valuePlaceholder}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      result.raised.push(`${label(counter)}: ${out.Attributes?.value?.N ?? 'none'} → ${value}`);
    } catch (e) {
      if (
        e instanceof ConditionalCheckFailedException ||
        (e as { name?: string }).name === 'ConditionalCheckFailedException'
      )
        result.kept++;
      else throw e;
    }
  }
  return result;
}
