import { randomUUID } from 'node:crypto';
import { OUTBOX_TTL_DAYS, ttlAfter } from '../data/entities/events.js';
import type { service } from '../data/service.js';
import type { Actor, DomainEventCatalogue, DomainEventOf, EventType } from './types.js';

/** The entities a `service.transaction.write(e => [...])` callback receives. */
export type TransactionEntities = Parameters<Parameters<(typeof service)['transaction']['write']>[0]>[0];

/** What a `service.transaction.write(e => [...])` callback returns: the transaction's items. */
export type TransactionItems = ReturnType<Parameters<(typeof service)['transaction']['write']>[0]>;

/** A new event of `type`: a random UUID and the time now. */
export function newEvent<T extends EventType>(
  type: T,
  fields: {
    aggregate: { type: DomainEventCatalogue[T]['aggregate']; id: string };
    actor: Actor;
    data: DomainEventCatalogue[T]['data'];
  },
  now: Date = new Date(),
): DomainEventOf<T> {
  return { eventId: randomUUID(), type, occurredAt: now.toISOString(), ...fields };
}

/**
 * The outbox item of `event`, to put inside the transaction that makes the change:
 *
 * ```ts
 * await service.transaction
 *   .write((e) => [
 *     e.application.create(app).commit(),
 *     outboxItem(e, newEvent('ApplicationCreated', { aggregate: { type: 'application', id }, actor, data: {} })),
 *   ])
 *   .go();
 * ```
 *
 * The item is created with `attribute_not_exists`, so a transaction retried with the same event
 * cannot write it twice. DynamoDB takes at most 100 items in a transaction: count it.
 */
export function outboxItem(e: Pick<TransactionEntities, 'domainEvent'>, event: DomainEventOf<EventType>) {
  return e.domainEvent
    .create({
      eventId: event.eventId,
      type: event.type,
      aggregateType: event.aggregate.type,
      aggregateId: event.aggregate.id,
      occurredAt: event.occurredAt,
      actor: event.actor,
      data: event.data,
      ttl: ttlAfter(event.occurredAt, OUTBOX_TTL_DAYS),
    })
    .commit();
}
