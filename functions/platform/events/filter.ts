import type { DynamoDBRecord } from 'aws-lambda';

/** ElectroDB's entity-name attribute on every item it writes. */
export const ENTITY_ATTRIBUTE = '__edb_e__';
/** The entity name of outbox items (functions/platform/data/entities/events.ts). */
export const OUTBOX_ENTITY = 'domainEvent';

/** A Lambda event-filter pattern of exact matches (a list of allowed values per leaf). */
export type FilterPattern = { [key: string]: FilterPattern | readonly (string | number)[] };

/**
 * Only INSERTs of outbox items reach the consumers: CDK puts this pattern on the event source
 * mapping (infra/constructs/event-consumers.ts) and the local stream poller applies the same one
 * (infra/local/streams.ts). Updates, TTL deletes and every other entity never invoke the function.
 */
export const outboxFilterPattern = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: [OUTBOX_ENTITY] } } },
} as const satisfies FilterPattern;

/** Lambda's filtering semantics for exact-match patterns: every key present, a listed value. */
export function matchesFilter(pattern: FilterPattern, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const obj = value as Record<string, unknown>;
  return Object.entries(pattern).every(([key, rule]) => {
    const v = obj[key];
    if (Array.isArray(rule)) return (rule as readonly unknown[]).includes(v);
    return matchesFilter(rule as FilterPattern, v);
  });
}

/** True for the stream record of a new outbox item. */
export const isOutboxInsert = (record: DynamoDBRecord): boolean => matchesFilter(outboxFilterPattern, record);
