import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { service } from '../../../../../functions/platform/data/service.js';
import { defineConsumer, type EventConsumer } from '../../../../../functions/platform/events/consumers.js';
import {
  dispatchRecords,
  eventOfRecord,
  tableConsumedStore,
} from '../../../../../functions/platform/events/dispatch.js';
import { matchesFilter, outboxFilterPattern } from '../../../../../functions/platform/events/filter.js';
import { newEvent, outboxItem } from '../../../../../functions/platform/events/outbox.js';
import { createStreamHandler } from '../../../../../functions/platform/events/stream-handler.js';
import type { DomainEvent } from '../../../../../functions/platform/events/types.js';
import { logger } from '../../../../../functions/platform/logger.js';
import { lambdaContext } from '../../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

type Item = Record<string, unknown>;
const ddb = mockClient(DynamoDBDocumentClient);
let items: Map<string, Item>;
const keyOf = (i: Item) => `${String(i.pk)}|${String(i.sk)}`;

/** The table behind the mock: conditional puts (`attribute_not_exists`) and pk/begins_with queries. */
function fakeTable() {
  items = new Map();
  ddb.reset();
  ddb.on(PutCommand).callsFake((input: { Item: Item; ConditionExpression?: string }) => {
    if (input.ConditionExpression?.includes('attribute_not_exists') && items.has(keyOf(input.Item))) {
      throw Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
      });
    }
    items.set(keyOf(input.Item), structuredClone(input.Item));
    return {};
  });
  ddb
    .on(QueryCommand)
    .callsFake(
      (input: { ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Item }) => {
        const pk = input.ExpressionAttributeValues[':pk'];
        const sk = String(input.ExpressionAttributeValues[':sk1'] ?? '');
        const skField = input.ExpressionAttributeNames['#sk1'] ?? 'sk';
        return {
          Items: [...items.values()].filter((i) => i.pk === pk && String(i[skField]).startsWith(sk)),
        };
      },
    );
}

/** The stream record DynamoDB writes for a put of `item`. */
let seq = 100;
function streamRecord(item: Item, eventName: 'INSERT' | 'MODIFY' | 'REMOVE' = 'INSERT'): DynamoDBRecord {
  seq += 1;
  const image = marshall(item, { removeUndefinedValues: true }) as NonNullable<
    DynamoDBRecord['dynamodb']
  >['NewImage'];
  return {
    eventID: `e${seq}`,
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'ap-southeast-2',
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }) as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      ...(eventName === 'REMOVE' ? { OldImage: image } : { NewImage: image }),
      SequenceNumber: String(seq),
      SizeBytes: 100,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

/** The outbox item a transaction writes for `event` (the Put of the transaction's params). */
function outboxPut(event: DomainEvent): Item {
  const params = service.transaction.write((e) => [outboxItem(e, event)]).params();
  return (params.TransactItems[0] as { Put: { Item: Item } }).Put.Item;
}

const created = (applicationId: string) =>
  newEvent('ApplicationCreated', {
    aggregate: { type: 'application', id: applicationId },
    actor: 'user-1',
    data: { applicationNumber: 'BLD-2025-00001' },
  });

function recorder(name: string, opts: { fails?: (event: DomainEvent) => boolean } = {}) {
  const seen: string[] = [];
  const consumer: EventConsumer = defineConsumer({
    name,
    handles: ['ApplicationCreated', 'ApplicationUpdated'],
    async handle(event) {
      seen.push(event.eventId);
      if (opts.fails?.(event)) throw new Error(`${name} is down`);
    },
  });
  return { consumer, seen };
}

const consumedItems = () => [...items.values()].filter((i) => i.__edb_e__ === 'consumedEvent');

beforeEach(() => fakeTable());

describe('outbox item', () => {
  it('is written in the transaction once per event id, with the entity name the stream filter expects and a 7-day TTL', () => {
    const event = created('1000001');
    const params = service.transaction
      .write((e) => [e.siteSetting.put({ name: 'maintenance', value: {} }).commit(), outboxItem(e, event)])
      .params();
    const put = (params.TransactItems[1] as { Put: { Item: Item; ConditionExpression?: string } }).Put;
    expect(put.ConditionExpression).toContain('attribute_not_exists');
    expect(put.Item).toMatchObject({
      pk: `$portal#eventId_${event.eventId}`,
      sk: '$domainEvent_1',
      __edb_e__: 'domainEvent',
      eventId: event.eventId,
      type: 'ApplicationCreated',
      aggregateType: 'application',
      aggregateId: '1000001',
      actor: 'user-1',
      data: { applicationNumber: 'BLD-2025-00001' },
      ttl: Math.floor(Date.parse(event.occurredAt) / 1000) + 7 * 86400,
    });
    expect(matchesFilter(outboxFilterPattern, streamRecord(put.Item as Item))).toBe(true);
  });

  it('newEvent gives a UUID and the time now', () => {
    const e = newEvent(
      'ApplicationDeleted',
      { aggregate: { type: 'application', id: '1' }, actor: 'system', data: {} as never },
      new Date('2025-03-01T00:00:00Z'),
    );
    expect(e.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(e.occurredAt).toBe('2025-03-01T00:00:00.000Z');
  });
});

describe('stream filter', () => {
  it('passes only INSERTs of outbox items', () => {
    const outbox = outboxPut(created('1'));
    expect(matchesFilter(outboxFilterPattern, streamRecord(outbox, 'MODIFY'))).toBe(false);
    expect(matchesFilter(outboxFilterPattern, streamRecord(outbox, 'REMOVE'))).toBe(false);
    expect(
      matchesFilter(outboxFilterPattern, streamRecord({ pk: 'a', sk: 'b', __edb_e__: 'application' })),
    ).toBe(false);
  });
});

describe('dispatchRecords', () => {
  it('a replayed record changes nothing: the consumer ran once and no second record is written', async () => {
    const { consumer, seen } = recorder('projection');
    const store = await tableConsumedStore();
    const event = created('1000001');
    const record = streamRecord(outboxPut(event));

    const first = await dispatchRecords([record], { consumers: [consumer], store, logger });
    expect(first.batchItemFailures).toEqual([]);
    expect(seen).toEqual([event.eventId]);
    expect(consumedItems()).toHaveLength(1);
    expect(consumedItems()[0]).toMatchObject({ eventId: event.eventId, consumer: 'projection' });
    const snapshot = structuredClone([...items.entries()]);
    const puts = ddb.commandCalls(PutCommand).length;

    const replay = await dispatchRecords([record, record], { consumers: [consumer], store, logger });
    expect(replay.batchItemFailures).toEqual([]);
    expect(replay.outcomes[0]).toMatchObject({ status: 'done', ran: [], skipped: ['projection'] });
    expect(seen).toEqual([event.eventId]);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(puts);
    expect([...items.entries()]).toEqual(snapshot);
  });

  it('a throwing consumer fails its record; the other consumer of the event still runs once', async () => {
    let down = true;
    const flaky = recorder('mailer', { fails: () => down });
    const steady = recorder('projection');
    const store = await tableConsumedStore();
    const event = created('1000002');
    const record = streamRecord(outboxPut(event));
    const opts = { consumers: [flaky.consumer, steady.consumer], store, logger };

    const first = await dispatchRecords([record], opts);
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: record.dynamodb!.SequenceNumber }]);
    expect(first.outcomes[0]).toMatchObject({ status: 'failed', errors: ['mailer: mailer is down'] });
    expect(steady.seen).toEqual([event.eventId]);
    expect(consumedItems().map((i) => i.consumer)).toEqual(['projection']);

    // Lambda retries the record: only the failed consumer runs again.
    const second = await dispatchRecords([record], opts);
    expect(second.batchItemFailures).toHaveLength(1);
    down = false;
    const third = await dispatchRecords([record], opts);
    expect(third.batchItemFailures).toEqual([]);
    expect(flaky.seen).toEqual([event.eventId, event.eventId, event.eventId]);
    expect(steady.seen).toEqual([event.eventId]);
    expect(
      consumedItems()
        .map((i) => i.consumer)
        .sort(),
    ).toEqual(['mailer', 'projection']);
  });

  it('a failed record holds back the later events of its aggregate, not those of others', async () => {
    const flaky = recorder('mailer', { fails: (e) => e.aggregate.id === 'A' });
    const store = await tableConsumedStore();
    const a1 = created('A');
    const a2 = newEvent('ApplicationUpdated', {
      aggregate: { type: 'application', id: 'A' },
      actor: 'user-1',
      data: { changed: ['projectName'] },
    });
    const b1 = created('B');
    const records = [a1, a2, b1].map((e) => streamRecord(outboxPut(e)));
    const result = await dispatchRecords(records, { consumers: [flaky.consumer], store, logger });
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([
      records[0]!.dynamodb!.SequenceNumber,
      records[1]!.dynamodb!.SequenceNumber,
    ]);
    expect(flaky.seen).toEqual([a1.eventId, b1.eventId]);
  });

  it("runs different aggregates' records side by side and one aggregate's in order", async () => {
    const log: string[] = [];
    let bStarted!: () => void;
    const bHasStarted = new Promise<void>((resolve) => (bStarted = resolve));
    const consumer = defineConsumer({
      name: 'webhook',
      handles: ['ApplicationCreated', 'ApplicationUpdated'],
      async handle(event) {
        log.push(`start ${event.aggregate.id} ${event.type}`);
        // A's first event waits until B's has started: one record at a time would never get there.
        if (event.aggregate.id === 'A' && event.type === 'ApplicationCreated') await bHasStarted;
        if (event.aggregate.id === 'B') bStarted();
        log.push(`end ${event.aggregate.id} ${event.type}`);
      },
    });
    const a2 = newEvent('ApplicationUpdated', {
      aggregate: { type: 'application', id: 'A' },
      actor: 'user-1',
      data: { changed: ['projectName'] },
    });
    const records = [created('A'), a2, created('B')].map((e) => streamRecord(outboxPut(e)));
    const result = await dispatchRecords(records, {
      consumers: [consumer],
      store: await tableConsumedStore(),
      logger,
    });
    expect(result.outcomes.map((o) => o.status)).toEqual(['done', 'done', 'done']);
    expect(log.indexOf('start B ApplicationCreated')).toBeLessThan(log.indexOf('end A ApplicationCreated'));
    expect(log.indexOf('end A ApplicationCreated')).toBeLessThan(log.indexOf('start A ApplicationUpdated'));
  });

  it('ignores other records and events no consumer handles; fails an unreadable outbox item', async () => {
    const { consumer, seen } = recorder('projection');
    const store = await tableConsumedStore();
    const other = streamRecord({ pk: 'x', sk: 'y', __edb_e__: 'application' });
    const unhandled = streamRecord(
      outboxPut(
        newEvent('ApplicationDeleted', {
          aggregate: { type: 'application', id: 'C' },
          actor: 'u',
          data: {} as never,
        }),
      ),
    );
    const broken = streamRecord({ pk: 'p', sk: 's', __edb_e__: 'domainEvent', eventId: 'e' });
    const result = await dispatchRecords([other, unhandled, broken], {
      consumers: [consumer],
      store,
      logger,
    });
    expect(result.outcomes.map((o) => o.status)).toEqual(['ignored', 'done', 'failed']);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: broken.dynamodb!.SequenceNumber }]);
    expect(seen).toEqual([]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('eventOfRecord', () => {
  it('reads an empty payload also when the stream gives the empty map untyped (DynamoDB Local)', () => {
    const event = newEvent('ApplicationDeleted', {
      aggregate: { type: 'application', id: 'E' },
      actor: 'system',
      // An empty payload (the type wants more; the reader must not care).
      data: {} as never,
    });
    const record = streamRecord(outboxPut(event));
    expect(eventOfRecord(record)).toEqual(event);
    (record.dynamodb!.NewImage as Record<string, unknown>).data = {};
    expect(eventOfRecord(record)).toEqual(event);
  });
});

describe('stream handler', () => {
  it('answers a partial-batch response', async () => {
    const flaky = recorder('mailer', { fails: () => true });
    const handler = createStreamHandler([flaky.consumer]);
    const ok = streamRecord({ pk: 'x', sk: 'y', __edb_e__: 'application' });
    const bad = streamRecord(outboxPut(created('D')));
    const event: DynamoDBStreamEvent = { Records: [ok, bad] };
    await expect(handler(event, lambdaContext)).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: bad.dynamodb!.SequenceNumber }],
    });
  });
});
