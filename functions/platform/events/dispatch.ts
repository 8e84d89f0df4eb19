/**
 * The core of the event consumers, shared by the stream Lambda (stream.ts) and the local stream
 * poller (infra/local/streams.ts): DynamoDB stream records in, a partial-batch response out.
 *
 * For each INSERT of an outbox item, every consumer that handles its type runs unless it has
 * already handled that event id (one Query of the event's `consumedEvent` items); after a consumer
 * succeeds, (consumer, event id) is recorded with a conditional put. So a replayed record changes
 * nothing, and a record that failed for one consumer is retried for that consumer only.
 *
 * Delivery is at least once: a crash between a consumer's success and its record runs it again, so
 * consumers are idempotent themselves; the record is what keeps side effects such as mail from
 * repeating in every normal retry and replay.
 *
 * Order: the records of one aggregate run in order, and a failed record fails the later records of
 * the same aggregate in the batch without running them (events of one application stay in order);
 * records of other aggregates still run, a few aggregates side by side (DISPATCH_LANES).
 * Lambda retries from the lowest reported sequence number, where the recorded consumers are
 * skipped.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchItemFailure, DynamoDBRecord } from 'aws-lambda';
import * as z from 'zod';
import { CONSUMED_TTL_DAYS, ttlAfter } from '../data/entities/events.js';
import { isConditionalCheckFailed } from '../data/conditional.js';
import type { EventConsumer } from './consumers.js';
import { isOutboxInsert } from './filter.js';
import type { DomainEvent } from './types.js';

/** The outbox item as it arrives in the stream's NewImage (input from outside: checked). */
const OutboxItem = z.object({
  eventId: z.string().min(1),
  type: z.string().min(1),
  aggregateType: z.string().min(1),
  aggregateId: z.string().min(1),
  occurredAt: z.string().min(1),
  actor: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});

/** Where consumers' handled events are recorded. */
export interface ConsumedStore {
  /** Names of the consumers that have handled `eventId`. */
  consumersOf(eventId: string): Promise<Set<string>>;
  /** Records that `consumer` handled `event`; a record that already exists is not an error. */
  record(consumer: string, event: DomainEvent, now: Date): Promise<'recorded' | 'duplicate'>;
}

/** The store in the table: `consumedEvent` items beside the outbox item. */
export async function tableConsumedStore(): Promise<ConsumedStore> {
  const { entities } = await import('../data/service.js');
  return {
    async consumersOf(eventId) {
      const { data } = await entities.consumedEvent.query.byEvent({ eventId }).go({ pages: 'all' });
      return new Set(data.map((d) => d.consumer));
    },
    async record(consumer, event, now) {
      const consumedAt = now.toISOString();
      try {
        await entities.consumedEvent
          .create({
            eventId: event.eventId,
            consumer,
            type: event.type,
            consumedAt,
            ttl: ttlAfter(consumedAt, CONSUMED_TTL_DAYS),
          })
          .go();
        return 'recorded';
      } catch (err) {
        if (isConditionalCheckFailed(err)) return 'duplicate';
        throw err;
      }
    },
  };
}

export interface DispatchOptions {
  consumers: readonly EventConsumer[];
  store: ConsumedStore;
  logger: Logger;
  now?: () => Date;
}

export type RecordOutcome =
  | { sequenceNumber: string; status: 'ignored' }
  | {
      sequenceNumber: string;
      status: 'done';
      eventId: string;
      type: string;
      ran: string[];
      skipped: string[];
    }
  | { sequenceNumber: string; status: 'failed'; eventId?: string; type?: string; errors: string[] };

export interface DispatchResult {
  batchItemFailures: DynamoDBBatchItemFailure[];
  outcomes: RecordOutcome[];
}

/** Parses the outbox item of a stream record, or throws. */
export function eventOfRecord(record: DynamoDBRecord): DomainEvent {
  const image = record.dynamodb?.NewImage;
  if (!image) throw new Error('stream record without NewImage');
  // DynamoDB Local's stream gives an empty map as `{}` (no type): read it as the empty map it is.
  const attrs = { ...(image as Record<string, AttributeValue>) };
  for (const [k, v] of Object.entries(attrs)) if (!Object.keys(v).length) attrs[k] = { M: {} };
  const item = OutboxItem.parse(unmarshall(attrs));
  return {
    eventId: item.eventId,
    type: item.type,
    aggregate: { type: item.aggregateType, id: item.aggregateId },
    occurredAt: item.occurredAt,
    actor: item.actor,
    data: item.data,
  } as DomainEvent;
}

const consumersFor = (consumers: readonly EventConsumer[], type: string) =>
  consumers.filter((c) => (c.handles as readonly string[]).includes(type));

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Lanes of one batch that run side by side (records of different aggregates); the records of one
 * aggregate run in order in their lane. On AWS different aggregates' events already run side by side
 * (the stream's shards); this keeps a batch of many applications' events from waiting on each other's
 * DynamoDB and HTTP round trips one by one.
 */
export const DISPATCH_LANES = 4;

/** Runs the consumers of every outbox INSERT in `records`; see the module comment. */
export async function dispatchRecords(
  records: readonly DynamoDBRecord[],
  options: DispatchOptions,
): Promise<DispatchResult> {
  const { consumers, store, logger } = options;
  const now = options.now ?? (() => new Date());
  const outcomes: RecordOutcome[] = new Array<RecordOutcome>(records.length);
  const lanes = new Map<string, { index: number; sequenceNumber: string; event: DomainEvent }[]>();

  records.forEach((record, index) => {
    const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
    if (!isOutboxInsert(record)) {
      outcomes[index] = { sequenceNumber, status: 'ignored' };
      return;
    }
    let event: DomainEvent;
    try {
      event = eventOfRecord(record);
    } catch (err) {
      logger.error('events: unreadable outbox item', { sequenceNumber, error: err as Error });
      outcomes[index] = { sequenceNumber, status: 'failed', errors: [message(err)] };
      return;
    }
    const aggregateKey = `${event.aggregate.type}#${event.aggregate.id}`;
    const lane = lanes.get(aggregateKey) ?? [];
    lane.push({ index, sequenceNumber, event });
    lanes.set(aggregateKey, lane);
  });

  /** One record's consumers, and what came of them. */
  async function run(sequenceNumber: string, event: DomainEvent): Promise<RecordOutcome> {
    const base = { sequenceNumber, eventId: event.eventId, type: event.type };
    const mine = consumersFor(consumers, event.type);
    if (!mine.length) return { ...base, status: 'done', ran: [], skipped: [] };
    let done: Set<string>;
    try {
      done = await store.consumersOf(event.eventId);
    } catch (err) {
      logger.error('events: reading consumed records failed', { ...base, error: err as Error });
      return { ...base, status: 'failed', errors: [message(err)] };
    }
    const skipped = mine.filter((c) => done.has(c.name)).map((c) => c.name);
    const todo = mine.filter((c) => !done.has(c.name));
    const settled = await Promise.allSettled(
      todo.map(async (consumer) => {
        await consumer.handle(event as never, { logger, sequenceNumber });
        const recorded = await store.record(consumer.name, event, now());
        if (recorded === 'duplicate')
          logger.warn('events: consumer ran for an event it had already handled', {
            ...base,
            consumer: consumer.name,
          });
        return consumer.name;
      }),
    );
    const errors: string[] = [];
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') return;
      const consumer = todo[i]!.name;
      logger.error('events: consumer failed', { ...base, consumer, error: s.reason as Error });
      errors.push(`${consumer}: ${message(s.reason)}`);
    });
    if (errors.length) return { ...base, status: 'failed', errors };
    return { ...base, status: 'done', ran: todo.map((c) => c.name), skipped };
  }

  // A failed record fails the later records of its aggregate without running them.
  const waiting = [...lanes.values()];
  const worker = async () => {
    for (let lane = waiting.shift(); lane; lane = waiting.shift()) {
      let blocked = false;
      for (const { index, sequenceNumber, event } of lane) {
        const outcome: RecordOutcome = blocked
          ? {
              sequenceNumber,
              eventId: event.eventId,
              type: event.type,
              status: 'failed',
              errors: ['an earlier event of its aggregate failed'],
            }
          : await run(sequenceNumber, event);
        outcomes[index] = outcome;
        if (outcome.status === 'failed') blocked = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DISPATCH_LANES, waiting.length) }, worker));

  return {
    batchItemFailures: outcomes
      .filter((o) => o.status === 'failed')
      .map((o) => ({ itemIdentifier: o.sequenceNumber })),
    outcomes,
  };
}
