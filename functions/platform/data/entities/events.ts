import { lazyEntity } from '../lazy.js';
import { model } from './common.js';

/** Days an outbox item stays in the table (the stream delivers it within seconds; 24 h retention). */
export const OUTBOX_TTL_DAYS = 7;
/** Days a consumer remembers an event it handled: longer than the DLQ's 14-day retention. */
export const CONSUMED_TTL_DAYS = 30;

const DAY_SECONDS = 24 * 60 * 60;
/** Epoch seconds `days` after an ISO instant (DynamoDB TTL). */
export const ttlAfter = (iso: string, days: number): number =>
  Math.floor(Date.parse(iso) / 1000) + days * DAY_SECONDS;

/**
 * The outbox item of a domain event (functions/platform/events/): written in the same transaction
 * as the state change it describes, with `attribute_not_exists` so an event id is written once. The
 * table stream delivers its INSERT to the event consumers; TTL removes it after
 * {@link OUTBOX_TTL_DAYS} days (the REMOVE is filtered out of the stream consumers).
 */
export const domainEvent = lazyEntity({
  model: model('domainEvent'),
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    /** The event type, e.g. `ApplicationCreated` (functions/platform/events/types.ts). */
    type: { type: 'string', required: true, readOnly: true },
    aggregateType: { type: 'string', required: true, readOnly: true },
    aggregateId: { type: 'string', required: true, readOnly: true },
    /** ISO 8601 instant of the change. */
    occurredAt: { type: 'string', required: true, readOnly: true },
    /** A user id, `council:<authorityId>` or `system`. */
    actor: { type: 'string', required: true, readOnly: true },
    /** The event's payload (small: ids and what changed). */
    data: { type: 'any', required: true, readOnly: true },
    /** DynamoDB TTL, epoch seconds. */
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', casing: 'none', composite: ['eventId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * _Guard_: consumer `consumer` has handled event `eventId` (put with `attribute_not_exists` after
 * the consumer succeeded), so a replayed stream record repeats no side effect. Beside the outbox
 * item in the event's partition: one query lists an event and every consumer that handled it.
 */
export const consumedEvent = lazyEntity({
  model: model('consumedEvent'),
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    consumer: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true, readOnly: true },
    /** ISO 8601 instant the consumer finished. */
    consumedAt: { type: 'string', required: true, readOnly: true },
    /** DynamoDB TTL, epoch seconds. */
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byEvent: {
      pk: { field: 'pk', casing: 'none', composite: ['eventId'] },
      sk: { field: 'sk', casing: 'none', composite: ['consumer'] },
    },
  },
});
