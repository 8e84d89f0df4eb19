/**
 * When the event consumers of a local stack have caught up: every outbox item (`domainEvent`) in
 * the table has a `consumedEvent` record from each consumer that handles its type, or has been
 * dead-lettered. This is a fact in the table, not a guess from quiet: the local stream poller slows
 * to one poll a second when idle, so "two reads 400 ms apart are the same" can pass while an event
 * waits to be read (seen on a loaded machine: a read-model contribution landing after the snapshot).
 */
import { existsSync, readFileSync } from 'node:fs';
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { StackOutputs } from './outputs';
import { waitFor } from './wait';

/** An item as the table holds it (only the attributes read here). */
export interface EventItem {
  __edb_e__?: string;
  eventId?: string;
  type?: string;
  consumer?: string;
}

/**
 * The ids of events some consumer has yet to handle. `consumersOf(type)` names the consumers of a
 * type; `deadLettered` holds event ids that will not be delivered again without a redrive.
 */
export function pendingEvents(
  items: readonly EventItem[],
  consumersOf: (type: string) => readonly string[],
  deadLettered: ReadonlySet<string> = new Set(),
): string[] {
  const consumed = new Map<string, Set<string>>();
  for (const i of items) {
    if (i.__edb_e__ !== 'consumedEvent' || !i.eventId || !i.consumer) continue;
    const set = consumed.get(i.eventId) ?? new Set<string>();
    set.add(i.consumer);
    consumed.set(i.eventId, set);
  }
  return items
    .filter((i) => i.__edb_e__ === 'domainEvent' && i.eventId && !deadLettered.has(i.eventId))
    .filter((i) => consumersOf(i.type ?? '').some((c) => !consumed.get(i.eventId!)?.has(c)))
    .map((i) => i.eventId!);
}

let consumerNames: Promise<(type: string) => readonly string[]> | undefined;
/** The registry's consumers by event type (imported on first use, after a test has set its env). */
function registeredConsumers() {
  consumerNames ??= import('../../functions/platform/events/registry').then(({ consumers }) => {
    return (type: string) => consumers.filter((c) => c.handles.includes(type as never)).map((c) => c.name);
  });
  return consumerNames;
}

function deadLetteredIds(o: StackOutputs): Set<string> {
  const file = o.EventDeadLetterFile ? String(o.EventDeadLetterFile) : undefined;
  if (!file || !existsSync(file)) return new Set();
  const ids = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const l = JSON.parse(line) as { record?: { dynamodb?: { NewImage?: { eventId?: { S?: string } } } } };
      return l.record?.dynamodb?.NewImage?.eventId?.S;
    });
  return new Set(ids.filter((id): id is string => !!id));
}

async function eventItems(o: StackOutputs): Promise<EventItem[]> {
  const ddb = new DynamoDBClient({
    endpoint: String(o.DynamoDbEndpoint),
    region: o.Region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const items: EventItem[] = [];
  let start: Record<string, AttributeValue> | undefined;
  try {
    do {
      const page = await ddb.send(
        new ScanCommand({
          TableName: o.TableName,
          ExclusiveStartKey: start,
          FilterExpression: '#e IN (:d, :c)',
          ProjectionExpression: '#e, eventId, #t, consumer',
          ExpressionAttributeNames: { '#e': '__edb_e__', '#t': 'type' },
          ExpressionAttributeValues: { ':d': { S: 'domainEvent' }, ':c': { S: 'consumedEvent' } },
        }),
      );
      for (const i of page.Items ?? [])
        items.push({
          __edb_e__: i.__edb_e__?.S,
          eventId: i.eventId?.S,
          type: i.type?.S,
          consumer: i.consumer?.S,
        });
      start = page.LastEvaluatedKey;
    } while (start);
  } finally {
    ddb.destroy();
  }
  return items;
}

/**
 * The ids of events among `items` (read from the stack's table) that a consumer has yet to handle
 * and that are not dead-lettered: for a caller that scans the table anyway.
 */
export async function pendingIn(o: StackOutputs, items: readonly EventItem[]): Promise<string[]> {
  return pendingEvents(items, await registeredConsumers(), deadLetteredIds(o));
}

/** Waits until every event in the table has been handled by its consumers (or dead-lettered). */
export async function eventsSettled(o: StackOutputs, timeoutMs = 60_000): Promise<void> {
  const consumersOf = await registeredConsumers();
  await waitFor(
    'the event consumers to handle every event in the table',
    async () => {
      const pending = pendingEvents(await eventItems(o), consumersOf, deadLetteredIds(o));
      if (pending.length) throw new Error(`${pending.length} pending, e.g. ${pending[0]}`);
      return true;
    },
    { timeoutMs, intervalMs: 200 },
  );
}

/**
 * The domain events of one aggregate in the table, every page of the scan read (on a table the whole
 * suite has filled, one 1 MB page misses items). The AWS clients are imported at call time, after the
 * test has set its environment.
 */
export async function domainEventItems(
  o: Pick<StackOutputs, 'TableName'>,
  aggregateId: string,
): Promise<Record<string, unknown>[]> {
  const { documentClient } = await import('../../functions/platform/adapters/aws-clients');
  const { ScanCommand: DocScan } = await import('@aws-sdk/lib-dynamodb');
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new DocScan({
        TableName: o.TableName,
        FilterExpression: '#e = :e AND aggregateId = :id',
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':e': 'domainEvent', ':id': aggregateId },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
