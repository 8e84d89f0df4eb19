import type { Logger } from '@aws-lambda-powertools/logger';
import type { EventOf, EventType } from './types.js';

/** What a consumer gets besides the event. */
export interface ConsumerContext {
  logger: Logger;
  /** The stream record's sequence number (for logs). */
  sequenceNumber?: string;
}

/**
 * A consumer of domain events. `handle` runs at least once per event and type it handles: once it
 * has succeeded, the dispatcher records (consumer name, event id) and never calls it again for that
 * event; but a crash between `handle` and that record calls it again, so `handle` must itself be
 * idempotent (conditional writes, puts keyed by the event id). Throw to have the event retried;
 * after the retries it lands in the dead-letter queue. `name` is stored with every event handled:
 * never rename a consumer that has run.
 */
export interface EventConsumer<T extends EventType = EventType> {
  name: string;
  handles: readonly T[];
  handle(event: EventOf<T>, ctx: ConsumerContext): Promise<void>;
}

/** Declares a consumer with its event types checked against `handle`'s parameter. */
export function defineConsumer<T extends EventType>(consumer: EventConsumer<T>): EventConsumer {
  return consumer as unknown as EventConsumer;
}
